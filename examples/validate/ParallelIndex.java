import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;

/**
 * A parallel inverted index, multi-threaded: 20 batches of 1,000 seeded documents are tokenised by
 * a parallel stream on a {@code ForkJoinPool} of 3 workers (JDK worker threads, not the program's own);
 * each worker builds its tokens in a {@code ThreadLocal} {@code StringBuilder} and normalises them
 * through a {@code MethodHandle} found once by reflection. Terms go into a
 * {@code ConcurrentHashMap<String, LongAdder>} of counts (all kept) and a
 * {@code ConcurrentHashMap<String, List<Integer>>} of postings for the current and previous batch
 * (older postings dropped), so batches of postings survive a collection or two.
 */
public class ParallelIndex {
    static final ThreadLocal<StringBuilder> BUFFER = ThreadLocal.withInitial(() -> new StringBuilder(64));
    static final String[] SYLLABLES = {"ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "ze", "qu", "bra", "ent"};

    public static String normalise(String term) {
        return term.length() > 12 ? term.substring(0, 12) : term;
    }

    public static void main(String[] args) throws Throwable {
        Method m = ParallelIndex.class.getMethod("normalise", String.class);
        MethodHandle norm = MethodHandles.lookup().unreflect(m);
        MethodHandle check = MethodHandles.lookup().findStatic(ParallelIndex.class, "normalise",
                MethodType.methodType(String.class, String.class));
        if (!m.getName().equals("normalise") || check == null) {
            throw new AssertionError();
        }
        ConcurrentHashMap<String, LongAdder> counts = new ConcurrentHashMap<>();
        ConcurrentHashMap<String, List<Integer>> previous = new ConcurrentHashMap<>();
        ForkJoinPool pool = new ForkJoinPool(3);
        long postings = 0;
        for (int batch = 0; batch < 20; batch++) {
            int base = batch * 1_000;
            ConcurrentHashMap<String, List<Integer>> current = new ConcurrentHashMap<>();
            pool.submit(() -> IntStream.range(base, base + 1_000).parallel().forEach(doc -> {
                Random random = new Random(doc * 7919L);
                StringBuilder sb = BUFFER.get();
                int words = 40 + random.nextInt(80);
                for (int w = 0; w < words; w++) {
                    sb.setLength(0);
                    int syllables = 1 + random.nextInt(4);
                    for (int s = 0; s < syllables; s++) {
                        sb.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
                    }
                    String term;
                    try {
                        term = (String) norm.invokeExact(sb.toString());
                    } catch (Throwable t) {
                        throw new IllegalStateException(t);
                    }
                    counts.computeIfAbsent(term, k -> new LongAdder()).increment();
                    current.compute(term, (k, list) -> {
                        List<Integer> l = list == null ? new ArrayList<>() : list;
                        l.add(doc);
                        return l;
                    });
                }
            })).get();
            for (Map.Entry<String, List<Integer>> e : current.entrySet()) {
                List<Integer> old = previous.get(e.getKey());
                postings += e.getValue().size() + (old == null ? 0 : old.size());
            }
            previous = current;
        }
        pool.shutdown();
        System.out.println(counts.size() + " terms, postings " + postings);
    }
}
