import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * Thread-local buffers, four threads: 30 rounds, each starting three new worker threads that count
 * 25,000 seeded words each into a shared {@code ConcurrentHashMap<String, LongAdder>} (about 31,000
 * distinct words, {@code computeIfAbsent}); each worker builds words in a {@code ThreadLocal.withInitial}
 * {@code StringBuilder}, counts them in a thread-local {@code HashMap} (a round's own {@code ThreadLocal},
 * so every round's threads' {@code ThreadLocalMap}s hold weak entries to a new key) and flushes it every
 * 2,000 words; {@code ThreadLocalRandom} picks only how long a worker spins between flushes, which
 * allocates nothing. Main joins the workers each round and keeps the last 5 rounds' top-20 lists. ~395 MB.
 */
public class LocalCounts {
    static final String[] SYLLABLES = {"ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "pa", "qu", "dor"};
    static final ThreadLocal<StringBuilder> BUILDER = ThreadLocal.withInitial(() -> new StringBuilder(32));
    static final ConcurrentHashMap<String, LongAdder> COUNTS = new ConcurrentHashMap<>();

    static String word(Random random, StringBuilder sb) {
        sb.setLength(0);
        int rank = (int) Math.min(39_999, Math.abs(random.nextGaussian()) * 9_000);
        int n = 2 + rank % 4;
        int x = rank;
        for (int i = 0; i < n; i++) {
            sb.append(SYLLABLES[x % SYLLABLES.length]);
            x = x / SYLLABLES.length + i;
        }
        return sb.append(rank).toString();
    }

    static void flush(Map<String, int[]> local) {
        for (Map.Entry<String, int[]> e : local.entrySet()) {
            COUNTS.computeIfAbsent(e.getKey(), k -> new LongAdder()).add(e.getValue()[0]);
        }
        local.clear();
        int spin = ThreadLocalRandom.current().nextInt(64);
        long sink = 0;
        for (int i = 0; i < spin; i++) {
            sink += i;
        }
        if (sink < 0) {
            throw new AssertionError();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        List<List<String>> tops = new ArrayList<>();
        for (int round = 0; round < 30; round++) {
            ThreadLocal<Map<String, int[]>> local = ThreadLocal.withInitial(HashMap::new);
            Thread[] workers = new Thread[3];
            for (int t = 0; t < workers.length; t++) {
                long seed = round * 31L + t;
                workers[t] = new Thread(() -> {
                    Random random = new Random(seed);
                    StringBuilder sb = BUILDER.get();
                    Map<String, int[]> counts = local.get();
                    for (int i = 1; i <= 25_000; i++) {
                        counts.computeIfAbsent(word(random, sb), k -> new int[1])[0]++;
                        if (i % 2_000 == 0) {
                            flush(counts);
                        }
                    }
                    local.remove();
                }, "counter-" + round + "-" + t);
                workers[t].start();
            }
            for (Thread worker : workers) {
                worker.join();
            }
            List<Map.Entry<String, LongAdder>> entries = new ArrayList<>(COUNTS.entrySet());
            entries.sort((a, b) -> Long.compare(b.getValue().sum(), a.getValue().sum()));
            List<String> top = new ArrayList<>();
            for (int i = 0; i < 20 && i < entries.size(); i++) {
                top.add(entries.get(i).getKey() + "=" + entries.get(i).getValue().sum());
            }
            tops.add(top);
            if (tops.size() > 5) {
                tops.remove(0);
            }
        }
        long total = 0;
        for (LongAdder a : COUNTS.values()) {
            total += a.sum();
        }
        System.err.println("LocalCounts: " + COUNTS.size() + " words, " + total + " counted, top " + tops.get(tops.size() - 1).get(0));
    }
}
