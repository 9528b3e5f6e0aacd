import java.util.function.IntSupplier;

/**
 * 100,000 capturing lambdas and nothing else of note: each is made by Unsafe.allocateInstance (through
 * DirectMethodHandle.allocateInstance, no NEW) and its hidden class's constructor. 'jmmtk record' test
 * program for the coverage of allocation without a NEW bytecode.
 */
public class Lambdas {
    static IntSupplier sink;

    public static void main(String[] args) {
        int sum = 0;
        for (int i = 0; i < 100_000; i++) {
            int k = i;
            IntSupplier s = () -> k + 1;
            sink = s;
            sum += s.getAsInt();
        }
        System.out.println(sum);
    }
}
