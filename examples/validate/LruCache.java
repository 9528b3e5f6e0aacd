import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/** Long-lived cache, single thread: an LRU LinkedHashMap of 20,000 entries under a skewed seeded key stream. */
public class LruCache {
    public static void main(String[] args) {
        Random random = new Random(11);
        Map<Integer, long[]> cache = new LinkedHashMap<>(1 << 15, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, long[]> eldest) {
                return size() > 20_000;
            }
        };
        long hits = 0;
        for (int i = 0; i < 2_000_000; i++) {
            int key = (int) Math.abs(random.nextGaussian() * 15_000);
            if (cache.get(key) != null) {
                hits++;
            } else {
                cache.put(key, new long[2 + random.nextInt(6)]);
            }
        }
        System.out.println(hits + " " + cache.size());
    }
}
