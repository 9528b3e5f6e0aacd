import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Random;

/**
 * Large buffers, single thread (three full GCs): 20 rounds; each writes a seeded record stream through a
 * {@code DataOutputStream} into a {@code ByteArrayOutputStream} that grows (by doubling) to 1-4 MB and
 * copies it out with {@code toByteArray()}, reads it back with a checksum, allocates 6 arrays of 64 KB
 * to 3 MB (outside the TLAB; those over 819 KB larger than a survivor space of an 8 MB young
 * generation), keeping one in three in a 5-slot ring, and multiplies a 160 x 160 {@code double[][]}
 * matrix into a new one that replaces the kept matrix every 3 rounds. ~400 MB.
 */
public class Buffers {
    public static void main(String[] args) throws IOException {
        Random random = new Random(29);
        Object[] ring = new Object[5];
        int ringNext = 0;
        double[][] kept = matrix(random, 160);
        long check = 0;
        for (int round = 0; round < 20; round++) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            int target = (1 << 20) + random.nextInt(3 << 20);
            while (bytes.size() < target) {
                out.writeInt(random.nextInt());
                out.writeLong(random.nextLong());
                out.writeDouble(random.nextDouble());
                out.writeShort(random.nextInt(1 << 16));
            }
            out.flush();
            byte[] image = bytes.toByteArray();
            for (int i = 0; i < image.length; i += 97) {
                check = check * 31 + image[i];
            }
            for (int a = 0; a < 6; a++) {
                int size = (64 << 10) + random.nextInt((3 << 20) - (64 << 10));
                Object array = switch (a % 3) {
                    case 0 -> new byte[size];
                    case 1 -> new int[size / 4];
                    default -> new long[size / 8];
                };
                if (array instanceof byte[] b) {
                    b[b.length - 1] = (byte) round;
                    check += b[b.length / 2];
                } else if (array instanceof int[] ints) {
                    ints[ints.length - 1] = round;
                    check += ints.length;
                } else {
                    long[] longs = (long[]) array;
                    longs[0] = round;
                    check += longs.length;
                }
                if (random.nextInt(3) == 0) {
                    ring[ringNext] = array;
                    ringNext = (ringNext + 1) % ring.length;
                }
            }
            double[][] product = multiply(kept, matrix(random, 160));
            if (round % 3 == 2) {
                kept = product;
            }
            check += (long) product[round % 160][7];
        }
        long ringBytes = 0;
        for (Object o : ring) {
            if (o instanceof byte[] b) {
                ringBytes += b.length;
            } else if (o instanceof int[] ints) {
                ringBytes += ints.length * 4L;
            } else if (o instanceof long[] longs) {
                ringBytes += longs.length * 8L;
            }
        }
        System.err.println("check " + check + " ring " + ringBytes + " kept " + kept[3][5]);
    }

    static double[][] matrix(Random random, int n) {
        double[][] m = new double[n][n];
        for (double[] row : m) {
            for (int j = 0; j < n; j++) {
                row[j] = random.nextDouble() - 0.5;
            }
        }
        return m;
    }

    static double[][] multiply(double[][] a, double[][] b) {
        int n = a.length;
        double[][] c = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                double aik = a[i][k];
                double[] bk = b[k];
                double[] ci = c[i];
                for (int j = 0; j < n; j++) {
                    ci[j] += aik * bk[j];
                }
            }
        }
        return c;
    }
}
