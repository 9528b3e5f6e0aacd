import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Spliterator;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Functional style, single thread: 300 rounds, each composes a chain of 4-8 {@code Function}s with
 * {@code andThen}/{@code compose} (a new chain per round), maps {@code IntStream.range(..).boxed()} of
 * 4,000 through it, {@code Collectors.partitioningBy} into even and odd, {@code Collectors.teeing} of a
 * sum and a {@code joining} of the first 200, walks a {@code Stream.iterate} of 500 records, reads
 * {@code Optional}s from a {@code HashMap.computeIfAbsent} memo of digit strings (20,000 kept, cleared
 * when full), takes values from {@code Supplier}s and splits a list's {@code Spliterator} with
 * {@code trySplit}; the last 40 rounds' partitions are kept. ~342 MB.
 */
public class Functional {
    record Step(int index, long value, String label) {
    }

    public static void main(String[] args) {
        Random random = new Random(23);
        HashMap<Long, String> memo = new HashMap<>();
        ArrayDeque<Map<Boolean, List<Long>>> kept = new ArrayDeque<>();
        long check = 0;
        for (int round = 0; round < 300; round++) {
            Function<Long, Long> chain = Function.identity();
            int links = 4 + random.nextInt(5);
            for (int i = 0; i < links; i++) {
                long k = 1 + random.nextInt(97);
                chain = (i & 1) == 0 ? chain.andThen(x -> x * k + 1) : chain.compose(x -> x ^ k);
            }
            Function<Long, Long> f = chain;
            Map<Boolean, List<Long>> parts = IntStream.range(0, 4_000).boxed()
                    .map(i -> f.apply((long) i) % 100_003)
                    .collect(Collectors.partitioningBy(x -> (x & 1) == 0));
            String joined = parts.get(true).stream().limit(200).collect(Collectors.teeing(
                    Collectors.summingLong(x -> x),
                    Collectors.mapping(String::valueOf, Collectors.joining(",")),
                    (sum, text) -> sum + ":" + text));
            check += joined.length();
            long seed = random.nextInt(1000);
            check += Stream.iterate(new Step(0, seed, "s0"), s -> s.index() < 500,
                            s -> new Step(s.index() + 1, s.value() * 31 + s.index(), "s" + (s.index() + 1)))
                    .filter(s -> s.value() % 3 == 0)
                    .map(Step::label)
                    .mapToInt(String::length)
                    .sum();
            for (Long x : parts.get(false).subList(0, Math.min(800, parts.get(false).size()))) {
                String digits = memo.computeIfAbsent(x % 40_000, key -> Long.toString(key * key, 7));
                check += Optional.ofNullable(digits).filter(d -> d.length() > 6).map(String::length).orElse(1);
            }
            if (memo.size() > 20_000) {
                memo.clear();
            }
            Supplier<List<Long>> sample = () -> parts.get(true).subList(0, Math.min(100, parts.get(true).size()));
            Spliterator<Long> left = parts.get(true).spliterator();
            Spliterator<Long> right = left.trySplit();
            check += StreamSupport.stream(left, false).mapToLong(Long::longValue).sum() % 1000
                    + (right == null ? 0 : StreamSupport.stream(right, false).count()) + sample.get().size();
            kept.addLast(parts);
            if (kept.size() > 40) {
                kept.removeFirst();
            }
        }
        System.err.println("check " + check + " memo " + memo.size() + " kept " + kept.size());
    }
}
