import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Streams and records, single thread: 150 batches of 4,000 seeded orders (records with a string
 * customer and a list of tags) grouped by region with {@code Collectors.groupingBy} into summary
 * statistics, counted per customer, filtered through boxed streams, sorted by a comparator and
 * formatted with {@code String.format}. The last 40 batches' region summaries and a sample of 30,000
 * recent orders are kept (they age over several young collections); per-customer totals live in a
 * TreeMap of at most 20,000 entries.
 */
public class Orders {
    record Order(long id, String customer, String region, int quantity, double price, List<String> tags) {
        double total() {
            return quantity * price;
        }
    }

    static final String[] REGIONS = {"north", "south", "east", "west", "central", "islands"};
    static final String[] TAGS = {"gift", "express", "bulk", "fragile", "return", "promo", "vip"};

    public static void main(String[] args) {
        Random random = new Random(7);
        ArrayDeque<Map<String, DoubleSummaryStatistics>> history = new ArrayDeque<>();
        ArrayDeque<Order> sample = new ArrayDeque<>();
        TreeMap<String, Long> perCustomer = new TreeMap<>();
        long checksum = 0;
        long nextId = 0;
        for (int batch = 0; batch < 150; batch++) {
            long first = nextId;
            List<Order> orders = IntStream.range(0, 4_000)
                    .mapToObj(i -> new Order(first + i, "cust-" + random.nextInt(20_000),
                            REGIONS[random.nextInt(REGIONS.length)], 1 + random.nextInt(100),
                            Math.round(random.nextDouble() * 10_000) / 100.0,
                            List.of(TAGS[random.nextInt(TAGS.length)], TAGS[random.nextInt(TAGS.length)])))
                    .collect(Collectors.toList());
            nextId += orders.size();
            Map<String, DoubleSummaryStatistics> byRegion = orders.stream()
                    .collect(Collectors.groupingBy(Order::region, TreeMap::new,
                            Collectors.summarizingDouble(Order::total)));
            Map<String, Long> byCustomer = orders.stream()
                    .collect(Collectors.groupingBy(Order::customer, Collectors.counting()));
            Map<String, List<Long>> byTag = orders.stream()
                    .collect(Collectors.groupingBy(o -> o.tags().get(0),
                            Collectors.mapping(Order::id, Collectors.toList())));
            List<Integer> large = orders.stream().map(Order::quantity).filter(q -> q > 80)
                    .sorted(Comparator.reverseOrder()).collect(Collectors.toList());
            List<Order> top = orders.stream()
                    .sorted(Comparator.comparingDouble(Order::total).reversed().thenComparing(Order::customer))
                    .limit(50).collect(Collectors.toList());
            String report = byRegion.entrySet().stream()
                    .map(e -> String.format("%s: n=%d sum=%.2f max=%.2f", e.getKey(), e.getValue().getCount(),
                            e.getValue().getSum(), e.getValue().getMax()))
                    .collect(Collectors.joining("; ", "[", "]"));
            byCustomer.forEach((c, n) -> perCustomer.merge(c, n, Long::sum));
            history.addLast(byRegion);
            if (history.size() > 40) {
                history.removeFirst();
            }
            for (int i = 0; i < orders.size(); i += 16) {
                sample.addLast(orders.get(i));
            }
            while (sample.size() > 30_000) {
                sample.removeFirst();
            }
            checksum += report.length() + large.size() + byTag.size() + top.get(0).id();
        }
        System.out.println(checksum + " " + perCustomer.size() + " " + sample.size() + " " + history.size());
    }
}
