import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Collections-heavy, single thread: counts 1M seeded random words (2 to 6 letters of 6) with HashMap,
 * LinkedHashMap, ArrayList, StringBuilder and boxing. At most 55,986 distinct words are counted, and
 * the positions of 6-letter words are kept for the 10,000 most recently first seen, so the live set
 * stays near 10 MB and the program fits a 64 MB heap with uncompressed oops.
 */
public class WordCount {
    static final int KEPT_POSITIONS = 10_000;

    public static void main(String[] args) {
        Random random = new Random(42);
        Map<String, Integer> counts = new HashMap<>();
        Map<String, List<Integer>> positions = new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, List<Integer>> eldest) {
                return size() > KEPT_POSITIONS;
            }
        };
        for (int i = 0; i < 1_000_000; i++) {
            StringBuilder b = new StringBuilder();
            int n = 2 + random.nextInt(5);
            for (int k = 0; k < n; k++) {
                b.append((char) ('a' + random.nextInt(6)));
            }
            String w = b.toString();
            counts.merge(w, 1, Integer::sum);
            if (w.length() == 6) {
                positions.computeIfAbsent(w, x -> new ArrayList<>()).add(i);
            }
        }
        System.out.println(counts.size() + " " + positions.size());
    }
}
