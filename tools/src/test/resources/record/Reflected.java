/**
 * Looks up one of its 24 two-parameter methods by name and calls it: the first lookup makes the JVM build
 * the class's root {@code Method} objects (in {@code getDeclaredMethods0}, each with its parameter types'
 * {@code Class[]}), which the mirror keeps through its {@code ReflectionData} for the rest of the run; the
 * lookup returns a copy. 'jmmtk record' test program for the reflection objects the JVM makes.
 */
public class Reflected {
    public static int m00(int a, String b) { return a + b.length(); }
    public static int m01(int a, String b) { return a + b.length() + 1; }
    public static int m02(int a, String b) { return a + b.length() + 2; }
    public static int m03(int a, String b) { return a + b.length() + 3; }
    public static int m04(int a, String b) { return a + b.length() + 4; }
    public static int m05(int a, String b) { return a + b.length() + 5; }
    public static int m06(int a, String b) { return a + b.length() + 6; }
    public static int m07(int a, String b) { return a + b.length() + 7; }
    public static int m08(int a, String b) { return a + b.length() + 8; }
    public static int m09(int a, String b) { return a + b.length() + 9; }
    public static int m10(int a, String b) { return a + b.length() + 10; }
    public static int m11(int a, String b) { return a + b.length() + 11; }
    public static int m12(int a, String b) { return a + b.length() + 12; }
    public static int m13(int a, String b) { return a + b.length() + 13; }
    public static int m14(int a, String b) { return a + b.length() + 14; }
    public static int m15(int a, String b) { return a + b.length() + 15; }
    public static int m16(int a, String b) { return a + b.length() + 16; }
    public static int m17(int a, String b) { return a + b.length() + 17; }
    public static int m18(int a, String b) { return a + b.length() + 18; }
    public static int m19(int a, String b) { return a + b.length() + 19; }
    public static int m20(int a, String b) { return a + b.length() + 20; }
    public static int m21(int a, String b) { return a + b.length() + 21; }
    public static int m22(int a, String b) { return a + b.length() + 22; }
    public static int m23(int a, String b) { return a + b.length() + 23; }

    public static void main(String[] args) throws ReflectiveOperationException {
        Object r = Reflected.class.getDeclaredMethod("m07", int.class, String.class).invoke(null, 3, "abc");
        System.out.println(r);
    }
}
