/**
 * Defines classes while it runs: {@code Plain} (no static fields, no constants), {@code Statics} (37
 * static longs: its mirror is 296 bytes larger than Plain's) and {@code Literals} (five static longs, 40
 * bytes, and five distinct string literals: its constant pool's resolved references have five places),
 * then touches the mirror of
 * {@code Statics} (its class literal), which the recording must not count twice. 'jmmtk record' test
 * program for the objects HotSpot makes when it defines a class.
 */
public class Defines {
    static Object kept;

    static final class Plain {
        int value;
    }

    static final class Statics {
        static long a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, b0, b1, b2, b3, b4, b5, b6, b7, b8, b9;
        static long c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, d0, d1, d2, d3, d4, d5, d6;

        static long sum() {
            return a0 + a9 + b0 + b9 + c0 + c9 + d0 + d6;
        }
    }

    static final class Literals {
        static long e0, e1, e2, e3, e4;

        static int length() {
            return "first literal".length() + "second literal".length() + "third literal".length()
                    + "fourth literal".length() + "fifth literal".length();
        }
    }

    public static void main(String[] args) {
        Plain p = new Plain();
        p.value = (int) Statics.sum() + Literals.length();
        kept = Statics.class;
        System.out.println(p.value + " " + (kept != null));
    }
}
