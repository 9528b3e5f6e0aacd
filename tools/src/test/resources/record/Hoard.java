/**
 * Runs out of memory under the recorder: with a number N, keeps N small objects (9.6 MB for 400,000: they
 * fit in -Xmx24m, but not with the recorder's id table beside them); with "chain", keeps 128 KB arrays
 * until the heap runs out; with "huge", asks at once for an array larger than the heap. 'jmmtk record'
 * test program.
 */
public class Hoard {
    static Object[] kept;

    public static void main(String[] args) {
        if (args[0].equals("huge")) {
            kept = new Object[] {new long[Integer.MAX_VALUE / 2]};
        } else if (args[0].equals("chain")) {
            Object[] chain = null;
            while (true) {
                chain = new Object[] {chain, new long[1 << 14]};
            }
        } else {
            kept = new Object[Integer.parseInt(args[0])];
            for (int i = 0; i < kept.length; i++) {
                kept[i] = new Object();
            }
            System.out.println(kept.length + " objects kept");
        }
    }
}
