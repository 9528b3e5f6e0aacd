/**
 * A long-lived cache, single thread, own classes and arrays only: an array of 40,000 entries (about
 * 7 MB live) of which a random one is replaced every fourth step, so entries live for a random,
 * long time and the old generation turns over (full collections); 1.5M entries with byte[] values.
 */
public class ArrayCache {
    static final class Entry {
        final int key;
        final byte[] value;
        Entry older;

        Entry(int key, byte[] value) {
            this.key = key;
            this.value = value;
        }
    }

    private static long seed = 7;

    static int next(int bound) {
        seed ^= seed << 13;
        seed ^= seed >>> 7;
        seed ^= seed << 17;
        return (int) ((seed >>> 33) % bound);
    }

    public static void main(String[] args) {
        Entry[] cache = new Entry[40_000];
        long sum = 0;
        for (int i = 0; i < 1_500_000; i++) {
            Entry e = new Entry(i, new byte[16 + next(240)]);
            if (next(4) == 0) {
                int slot = next(cache.length);
                Entry old = cache[slot];
                if (old != null && next(8) == 0) {
                    e.older = old;
                }
                cache[slot] = e;
            } else {
                sum += e.value.length;
            }
        }
        System.out.println(sum + cache.length);
    }
}
