import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.Random;
import java.util.Scanner;
import java.util.StringJoiner;

/**
 * Text scanning, single thread: 600 seeded paragraphs of 150-400 words (with numbers and punctuation)
 * read back with a {@code java.util.Scanner} ({@code hasNextInt}/{@code nextInt}, {@code next()} with its
 * regular expressions); words go through {@code String.intern()} into a {@code HashSet<String>} vocabulary
 * (the 6,000 distinct words live for the run) and a {@code LinkedList} window of the last 2,000 words
 * (removed from the front, scanned with an iterator for repeats); {@code String.chars()} counts
 * vowels per word; every paragraph ends in a {@code StringJoiner} summary, the last 300 kept in a
 * HashMap. ~285 MB.
 */
public class Glossary {
    public static void main(String[] args) {
        Random random = new Random(61);
        String[] syllables = {"ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "po", "qu", "xa"};
        HashSet<String> vocabulary = new HashSet<>();
        LinkedList<String> window = new LinkedList<>();
        HashMap<Integer, String> summaries = new HashMap<>();
        long numbers = 0;
        long vowels = 0;
        long repeats = 0;
        for (int p = 0; p < 600; p++) {
            StringBuilder text = new StringBuilder();
            int words = 150 + random.nextInt(251);
            for (int w = 0; w < words; w++) {
                if (random.nextInt(12) == 0) {
                    text.append(random.nextInt(100_000));
                } else {
                    int n = 1 + Math.min(random.nextInt(4), random.nextInt(4));
                    for (int s = 0; s < n; s++) {
                        text.append(syllables[(int) Math.abs(random.nextGaussian() * 4) % syllables.length]);
                    }
                }
                text.append(random.nextInt(15) == 0 ? ", " : random.nextInt(20) == 0 ? ".\n" : " ");
            }
            StringJoiner summary = new StringJoiner(" | ", "[", "]");
            int distinctBefore = vocabulary.size();
            try (Scanner scanner = new Scanner(text.toString())) {
                scanner.useDelimiter("[\\s,.]+");
                while (scanner.hasNext()) {
                    if (scanner.hasNextInt()) {
                        numbers += scanner.nextInt();
                        continue;
                    }
                    String word = scanner.next().intern();
                    vocabulary.add(word);
                    vowels += word.chars().filter(c -> "aeiou".indexOf(c) >= 0).count();
                    window.addLast(word);
                    if (window.size() > 2_000) {
                        window.removeFirst();
                    }
                    if (word.length() > 7) {
                        Iterator<String> it = window.descendingIterator();
                        for (int k = 0; k < 40 && it.hasNext(); k++) {
                            if (it.next() == word) {
                                repeats++;
                            }
                        }
                    }
                }
            }
            summary.add("p" + p).add("words " + words).add("new " + (vocabulary.size() - distinctBefore))
                    .add(window.getLast());
            summaries.put(p % 300, summary.toString());
        }
        System.err.println("vocabulary " + vocabulary.size() + " numbers " + numbers + " vowels " + vowels
                + " repeats " + repeats + " " + summaries.get(7));
    }
}
