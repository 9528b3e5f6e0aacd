import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Multi-threaded, CompletableFuture stages on an ExecutorService of 3 workers: 80 rounds, each of 24
 * seeded quote requests; every request is a {@code supplyAsync} that prices 400 generated quotes
 * (strings, {@code double[]} legs), {@code thenApply} that keeps the best 10, {@code thenCombine}d
 * with a second async stage that looks up 400 reference prices in a shared
 * {@code ConcurrentHashMap<String, double[]>} (filled with {@code computeIfAbsent}, at most 50,000
 * keys) and {@code merge}s per-symbol counts into another; the main thread waits on
 * {@code allOf(...).join()} and keeps the last 3 rounds' results. ~330 MB.
 */
public class Quotes {
    record Quote(String symbol, double price, double[] legs) {
    }

    public static void main(String[] args) {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        ConcurrentHashMap<String, double[]> reference = new ConcurrentHashMap<>();
        ConcurrentHashMap<String, Long> counts = new ConcurrentHashMap<>();
        List<List<String>> rounds = new ArrayList<>();
        long results = 0;
        for (int round = 0; round < 80; round++) {
            List<CompletableFuture<List<String>>> futures = new ArrayList<>();
            for (int r = 0; r < 24; r++) {
                long seed = round * 1_000L + r;
                CompletableFuture<List<Quote>> priced = CompletableFuture.supplyAsync(() -> price(seed), pool)
                        .thenApply(Quotes::best);
                CompletableFuture<Double> looked = CompletableFuture.supplyAsync(
                        () -> lookUp(seed, reference, counts), pool);
                futures.add(priced.thenCombine(looked, (best, ref) -> {
                    List<String> lines = new ArrayList<>();
                    for (Quote q : best) {
                        lines.add(q.symbol() + "@" + Math.round((q.price() - ref) * 100));
                    }
                    return lines;
                }));
            }
            CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0])).join();
            List<String> all = new ArrayList<>();
            for (CompletableFuture<List<String>> f : futures) {
                all.addAll(f.join());
            }
            results += all.size();
            rounds.add(all);
            if (rounds.size() > 3) {
                rounds.remove(0);
            }
        }
        pool.shutdown();
        long total = 0;
        for (long c : counts.values()) {
            total += c;
        }
        System.out.println(reference.size() + " symbols, " + total + " lookups, " + results + " results");
    }

    static String symbol(Random random) {
        char[] s = new char[3 + random.nextInt(2)];
        for (int i = 0; i < s.length; i++) {
            s[i] = (char) ('A' + random.nextInt(s.length == 3 ? 26 : 8));
        }
        return new String(s);
    }

    static List<Quote> price(long seed) {
        Random random = new Random(seed);
        List<Quote> quotes = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            double[] legs = new double[2 + random.nextInt(6)];
            double price = 0;
            for (int l = 0; l < legs.length; l++) {
                legs[l] = random.nextInt(10_000) / 100.0;
                price += legs[l];
            }
            quotes.add(new Quote(symbol(random), price, legs));
        }
        return quotes;
    }

    static List<Quote> best(List<Quote> quotes) {
        List<Quote> sorted = new ArrayList<>(quotes);
        sorted.sort((a, b) -> a.price() != b.price() ? Double.compare(a.price(), b.price()) : a.symbol().compareTo(b.symbol()));
        return new ArrayList<>(sorted.subList(0, 10));
    }

    static double lookUp(long seed, ConcurrentHashMap<String, double[]> reference, ConcurrentHashMap<String, Long> counts) {
        Random random = new Random(seed ^ 0x5DEECE66DL);
        double sum = 0;
        for (int i = 0; i < 400; i++) {
            String symbol = symbol(random);
            double[] ref = reference.size() < 50_000
                    ? reference.computeIfAbsent(symbol, s -> new double[] {s.hashCode() % 1_000, s.length()})
                    : reference.get(symbol);
            sum += ref == null ? 0 : ref[0];
            counts.merge(symbol.substring(0, 2), 1L, Long::sum);
        }
        return sum / 400;
    }
}
