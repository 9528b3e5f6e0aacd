package org.jmmtk.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import org.jmmtk.tools.probes.BoundedJfrReader;

/**
 * The hot spots of a JFR recording (such as {@code -prof jfr} writes for a JMH fork): the share of
 * execution samples whose top frame is each method (self), and the share whose stack contains it
 * (total), for the samples of the benchmark's thread only (those whose stack contains a frame of a
 * class matching {@code FILTER}; all samples if none is given).
 *
 * <p>Usage: {@code java -cp benchmarks.jar org.jmmtk.benchmarks.JfrHotSpots RECORDING.jfr [TOP [FILTER]]}, e.g.
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar 'ReplayBenchmark.nogc$' -p format=binary -f 1 -prof jfr:dir=/tmp/jfr
 * java -cp benchmarks/target/benchmarks.jar org.jmmtk.benchmarks.JfrHotSpots /tmp/jfr/.../profile.jfr 25 jmh_generated
 * </pre>
 */
public final class JfrHotSpots {
    private JfrHotSpots() {
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        int top = args.length > 1 ? Integer.parseInt(args[1]) : 25;
        String filter = args.length > 2 ? args[2] : null;
        Map<String, Integer> self = new HashMap<>();
        Map<String, Integer> total = new HashMap<>();
        Map<String, Integer> selfLines = new HashMap<>();
        int samples = 0;
        int all = 0;
        List<RecordedEvent> events = new ArrayList<>();
        BoundedJfrReader.read(file, events::add, n -> { });
        for (RecordedEvent e : events) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample")) {
                continue;
            }
            all++;
            RecordedStackTrace stack = e.getStackTrace();
            if (stack == null || stack.getFrames().isEmpty()) {
                continue;
            }
            List<RecordedFrame> frames = stack.getFrames();
            if (filter != null && frames.stream().noneMatch(f -> name(f).contains(filter))) {
                continue;
            }
            samples++;
            RecordedFrame first = frames.get(0);
            self.merge(name(first), 1, Integer::sum);
            selfLines.merge(name(first) + ":" + first.getLineNumber(), 1, Integer::sum);
            Set<String> seen = new HashSet<>();
            for (RecordedFrame f : frames) {
                if (seen.add(name(f))) {
                    total.merge(name(f), 1, Integer::sum);
                }
            }
        }
        System.out.printf(Locale.ROOT, "%s: %d execution samples, %d of them %s%n", file, all, samples,
                filter == null ? "counted" : "with a frame matching " + filter);
        print("self (top frame)", self, samples, top);
        print("self by line", selfLines, samples, top);
        print("total (on the stack)", total, samples, top);
    }

    private static String name(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }

    private static void print(String title, Map<String, Integer> counts, int samples, int top) {
        System.out.println(title + ":");
        counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(top)
                .forEach(en -> System.out.printf(Locale.ROOT, "  %5.1f%%  %6d  %s%n", 100.0 * en.getValue() / samples,
                        en.getValue(), en.getKey()));
    }
}
