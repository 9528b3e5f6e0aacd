import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Collections-heavy, single thread: counts 1M seeded random words with HashMap, LinkedHashMap, ArrayList, StringBuilder and boxing. */
public class WordCount {
    public static void main(String[] args) {
        Random random = new Random(42);
        Map<String, Integer> counts = new HashMap<>();
        Map<String, List<Integer>> positions = new LinkedHashMap<>();
        for (int i = 0; i < 1_000_000; i++) {
            StringBuilder b = new StringBuilder();
            int n = 2 + random.nextInt(6);
            for (int k = 0; k < n; k++) {
                b.append((char) ('a' + random.nextInt(8)));
            }
            String w = b.toString();
            counts.merge(w, 1, Integer::sum);
            if (w.length() > 6) {
                positions.computeIfAbsent(w, x -> new ArrayList<>()).add(i);
            }
        }
        System.out.println(counts.size() + " " + positions.size());
    }
}
