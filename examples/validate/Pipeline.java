import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;

/**
 * Multi-threaded, an ExecutorService of 3 workers: the main thread submits 64 tasks, each of which
 * generates 2,000 seeded lines of text (its seed is its number), splits them into words, counts them in
 * a map of its own and merges the counts into a shared ConcurrentHashMap of LongAdders (at most
 * 17,576 three-letter keys and 3,750 longer ones); each task returns its 20 most frequent words, which
 * the main thread gathers through the futures and keeps for the last 20 tasks.
 */
public class Pipeline {
    public static void main(String[] args) throws Exception {
        ConcurrentHashMap<String, LongAdder> shared = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Future<List<String>>> futures = new ArrayList<>();
        for (int t = 0; t < 64; t++) {
            int task = t;
            futures.add(pool.submit(() -> work(task, shared)));
        }
        List<List<String>> kept = new ArrayList<>();
        long words = 0;
        for (Future<List<String>> f : futures) {
            List<String> top = f.get();
            words += top.size();
            kept.add(top);
            if (kept.size() > 20) {
                kept.remove(0);
            }
        }
        pool.shutdown();
        long total = shared.values().stream().mapToLong(LongAdder::sum).sum();
        System.out.println(shared.size() + " keys, " + total + " words, " + words + " top, " + kept.size());
    }

    static List<String> work(int task, ConcurrentHashMap<String, LongAdder> shared) {
        Random random = new Random(1_000 + task);
        Map<String, Integer> local = new HashMap<>();
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < 2_000; i++) {
            line.setLength(0);
            int n = 4 + random.nextInt(12);
            for (int w = 0; w < n; w++) {
                int len = random.nextInt(8) == 0 ? 4 + random.nextInt(2) : 3;
                int letters = len == 3 ? 26 : 5;
                for (int k = 0; k < len; k++) {
                    line.append((char) ('A' + random.nextInt(letters)));
                }
                line.append(w + 1 < n ? ' ' : '.');
            }
            for (String word : line.substring(0, line.length() - 1).split(" ")) {
                local.merge(word.toLowerCase(), 1, Integer::sum);
            }
        }
        local.forEach((w, c) -> shared.computeIfAbsent(w, x -> new LongAdder()).add(c));
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(local.entrySet());
        entries.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        List<String> top = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            top.add(entries.get(i).getKey() + "=" + entries.get(i).getValue());
        }
        return top;
    }
}
