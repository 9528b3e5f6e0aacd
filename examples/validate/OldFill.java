/**
 * An old generation under pressure, single thread, own classes and arrays only: a ring of 2,600
 * byte[10000] chunks (26 MB live once full) with one chunk replaced every 25 steps among small
 * garbage, so promoted chunks fill the old generation and full collections follow (also through
 * the promotion-safety rule); System.gc() every 40,000 steps. Each garbage array is stored in a small
 * ring: an array nothing uses is an allocation HotSpot's C2 removes even without escape analysis.
 */
public class OldFill {
    static final class Chunk {
        final byte[] bytes;
        final int id;

        Chunk(int id, byte[] bytes) {
            this.id = id;
            this.bytes = bytes;
        }
    }

    private static long seed = 3;

    static int next(int bound) {
        seed ^= seed << 13;
        seed ^= seed >>> 7;
        seed ^= seed << 17;
        return (int) ((seed >>> 33) % bound);
    }

    public static void main(String[] args) {
        Chunk[] ring = new Chunk[2_600];
        long[][] recent = new long[16][];
        long sum = 0;
        for (int i = 0; i < 400_000; i++) {
            if (i % 25 == 0) {
                ring[next(ring.length)] = new Chunk(i, new byte[10_000]);
            }
            long[] garbage = new long[2 + next(30)];
            recent[i & 15] = garbage;
            sum += garbage.length;
            if (i % 40_000 == 39_999) {
                System.gc();
            }
        }
        System.out.println(sum + ring.length);
    }
}
