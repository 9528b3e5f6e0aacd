import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text processing with regular expressions and {@code java.time}, single thread: 50,000 seeded log
 * lines are formatted with {@code String.format} and a {@code DateTimeFormatter}, then parsed back:
 * {@code String.split} on spaces, a {@code Pattern}/{@code Matcher} with groups for the
 * {@code key=value} fields, {@code LocalDateTime.parse} for the time stamp. Per-user statistics live in
 * a {@code HashMap} (all kept), a sliding window of the last 8,000 parsed records in an
 * {@code ArrayDeque}, and per-minute counts in a {@code TreeMap}; every 5,000 lines a report of the
 * ten busiest users is built with {@code String.format} and {@code Duration}.
 */
public class LogScan {
    record Entry(LocalDateTime at, String level, String user, String action, int millis) {
    }

    static final class Stats {
        long count;
        long millis;
        String lastAction;
    }

    static final Pattern FIELD = Pattern.compile("(\\w+)=([\\w.-]+)");
    static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS");
    static final String[] LEVELS = {"INFO", "INFO", "INFO", "WARN", "DEBUG", "ERROR"};
    static final String[] ACTIONS = {"login", "logout", "search", "view-item", "add-to-cart", "checkout"};

    public static void main(String[] args) {
        Random random = new Random(2718);
        LocalDateTime clock = LocalDateTime.of(2025, 3, 1, 8, 0);
        Map<String, Stats> users = new HashMap<>();
        ArrayDeque<Entry> window = new ArrayDeque<>();
        TreeMap<LocalDateTime, Integer> perMinute = new TreeMap<>();
        long reportChars = 0;
        for (int i = 1; i <= 50_000; i++) {
            clock = clock.plusNanos(random.nextInt(400_000_000));
            String line = String.format("%s %s user=u%05d action=%s ms=%d session=%08x",
                    clock.format(STAMP), LEVELS[random.nextInt(LEVELS.length)], random.nextInt(20_000),
                    ACTIONS[random.nextInt(ACTIONS.length)], random.nextInt(2_000), random.nextInt());
            Entry e = parse(line);
            Stats s = users.computeIfAbsent(e.user(), u -> new Stats());
            s.count++;
            s.millis += e.millis();
            s.lastAction = e.action();
            window.addLast(e);
            if (window.size() > 8_000) {
                window.removeFirst();
            }
            perMinute.merge(e.at().withSecond(0).withNano(0), 1, Integer::sum);
            if (i % 5_000 == 0) {
                reportChars += report(users, window).length();
            }
        }
        System.out.println(users.size() + " users, " + perMinute.size() + " minutes, report chars " + reportChars);
    }

    static Entry parse(String line) {
        String[] parts = line.split(" ");
        LocalDateTime at = LocalDateTime.parse(parts[0], STAMP);
        String user = null;
        String action = null;
        int millis = 0;
        Matcher m = FIELD.matcher(line);
        while (m.find()) {
            switch (m.group(1)) {
                case "user" -> user = m.group(2);
                case "action" -> action = m.group(2);
                case "ms" -> millis = Integer.parseInt(m.group(2));
                default -> { }
            }
        }
        return new Entry(at, parts[1], user, action, millis);
    }

    static String report(Map<String, Stats> users, ArrayDeque<Entry> window) {
        StringBuilder out = new StringBuilder();
        users.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue().count, a.getValue().count))
                .limit(10)
                .forEach(en -> out.append(String.format("%-8s %6d %8.1f ms %s%n", en.getKey(), en.getValue().count,
                        en.getValue().millis / (double) en.getValue().count, en.getValue().lastAction)));
        Duration span = Duration.between(window.peekFirst().at(), window.peekLast().at());
        out.append(String.format("window %d entries over %s%n", window.size(), span));
        return out.toString();
    }
}
