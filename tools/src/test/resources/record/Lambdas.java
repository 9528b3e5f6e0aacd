import java.util.function.IntSupplier;

/**
 * 100,000 capturing lambdas and 100,000 concatenated strings: each lambda is made by
 * Unsafe.allocateInstance (through DirectMethodHandle.allocateInstance, no NEW) and its hidden class's
 * constructor, each string's bytes by Unsafe.allocateUninitializedArray (StringConcatHelper.newArray).
 * 'jmmtk record' test program for the coverage of allocation without a bytecode that allocates.
 */
public class Lambdas {
    static IntSupplier sink;
    static String text;

    public static void main(String[] args) {
        int sum = 0;
        for (int i = 0; i < 100_000; i++) {
            int k = i;
            IntSupplier s = () -> k + 1;
            sink = s;
            sum += s.getAsInt();
            text = "k=" + k;
        }
        System.out.println(sum);
    }
}
