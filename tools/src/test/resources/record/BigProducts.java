import java.math.BigInteger;

/**
 * 300,000 products of ten-word BigIntegers: each product's magnitude is allocated by
 * BigInteger.implMultiplyToLen, which C2 replaces by an intrinsic that allocates the array itself,
 * without running the method's bytecode. 'jmmtk record' test program for the coverage of allocation
 * inside an intrinsic.
 */
public class BigProducts {
    static BigInteger last;

    public static void main(String[] args) {
        BigInteger a = BigInteger.ONE.shiftLeft(300).add(BigInteger.valueOf(12_345));
        BigInteger b = BigInteger.ONE.shiftLeft(290).add(BigInteger.valueOf(999));
        long sum = 0;
        for (int i = 0; i < 300_000; i++) {
            last = a.multiply(b.add(BigInteger.valueOf(i)));
            sum += last.bitLength();
        }
        System.out.println(sum);
    }
}
