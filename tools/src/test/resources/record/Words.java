import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Counts 20,000 pseudo-random words with the JDK's collections, strings and boxes: 'jmmtk record' test program. */
public class Words {
    static Map<String, Integer> counts = new HashMap<>();

    public static void main(String[] args) {
        Random random = new Random(7);
        LinkedHashMap<String, List<Integer>> firstSeen = new LinkedHashMap<>();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            sb.setLength(0);
            int length = 2 + random.nextInt(4);
            for (int k = 0; k < length; k++) {
                sb.append((char) ('a' + random.nextInt(random.nextInt(12) + 1)));
            }
            String word = sb.toString();
            counts.merge(word, 1, Integer::sum);
            firstSeen.computeIfAbsent(word, w -> new ArrayList<>()).add(i);
        }
        List<Map.Entry<String, Integer>> top = new ArrayList<>(counts.entrySet());
        top.sort((a, b) -> b.getValue() - a.getValue());
        System.gc(); // through the JDK's System.gc and Runtime.gc, both instrumented: recorded once each
        System.gc();
        System.out.println(counts.size() + " words, most often " + top.get(0) + ", " + firstSeen.size() + " first seen");
    }
}
