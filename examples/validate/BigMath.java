import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Random;

/**
 * Arbitrary-precision arithmetic, single thread: 1,000 seeded rounds over numbers of hundreds to thousands
 * of bits. Factorials up to 700! are kept in a memo as they are first asked for; each round multiplies
 * numbers of 2,000-12,000 bits (the Karatsuba and Toom-Cook sizes), takes a {@code gcd}, a
 * {@code modPow} and {@code modInverse} modulo a 512-bit prime, writes a factorial plus a number
 * with {@code toString(radix)} and parses it back, and computes a {@code BigDecimal} square root to 120 digits
 * by Newton's method under a {@code MathContext}; the last 64 rounds' results are kept in a ring. ~255 MB.
 */
public class BigMath {
    static final ArrayList<BigInteger> FACTORIALS = new ArrayList<>();

    static BigInteger factorial(int n) {
        if (FACTORIALS.isEmpty()) {
            FACTORIALS.add(BigInteger.ONE);
        }
        for (int i = FACTORIALS.size(); i <= n; i++) {
            FACTORIALS.add(FACTORIALS.get(i - 1).multiply(BigInteger.valueOf(i)));
        }
        return FACTORIALS.get(n);
    }

    /** Newton's iteration x' = (x + a / x) / 2 from a double's estimate, until two iterates agree. */
    static BigDecimal sqrt(BigDecimal a, MathContext mc) {
        BigDecimal two = BigDecimal.valueOf(2);
        BigDecimal x = new BigDecimal(Math.sqrt(a.doubleValue()), mc);
        for (int i = 0; i < 50; i++) {
            BigDecimal next = x.add(a.divide(x, mc), mc).divide(two, mc);
            if (next.compareTo(x) == 0) {
                return next;
            }
            x = next;
        }
        return x;
    }

    record Result(int round, BigInteger product, BigInteger power, BigDecimal root, String text) {
    }

    public static void main(String[] args) {
        Random random = new Random(1723);
        BigInteger prime = BigInteger.probablePrime(512, random);
        MathContext mc = new MathContext(120, RoundingMode.HALF_EVEN);
        ArrayDeque<Result> ring = new ArrayDeque<>();
        long check = 0;
        for (int r = 0; r < 1_000; r++) {
            BigInteger a = new BigInteger(2_000 + random.nextInt(10_000), random);
            BigInteger b = new BigInteger(2_000 + random.nextInt(10_000), random);
            BigInteger product = a.multiply(b);
            BigInteger f = factorial(100 + random.nextInt(600));
            BigInteger g = product.gcd(f);
            BigInteger base = a.mod(prime);
            BigInteger power = base.modPow(b.shiftRight(b.bitLength() - 512), prime);
            BigInteger inverse = power.signum() == 0 ? BigInteger.ZERO : power.modInverse(prime);
            check += power.multiply(inverse).mod(prime).intValue();
            int radix = 2 + random.nextInt(35);
            String text = f.add(a).toString(radix);
            BigInteger parsed = new BigInteger(text, radix);
            if (!parsed.equals(f.add(a))) {
                throw new AssertionError("radix " + radix + " round trip failed in round " + r);
            }
            BigDecimal value = new BigDecimal(new BigInteger(300 + random.nextInt(400), random), random.nextInt(80));
            BigDecimal root = sqrt(value.add(BigDecimal.ONE), mc);
            check += root.precision() + g.bitCount() + text.length() % 97;
            ring.addLast(new Result(r, product, power, root, text.substring(0, Math.min(64, text.length()))));
            if (ring.size() > 64) {
                ring.removeFirst();
            }
        }
        long kept = 0;
        for (Result result : ring) {
            kept += result.product().bitLength() + result.text().length();
        }
        System.err.println("BigMath: check " + check + ", memo " + FACTORIALS.size() + ", kept " + kept);
    }
}
