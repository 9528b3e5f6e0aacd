package org.jmmtk.tools.record;

import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.tools.error.UsageException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tells {@code record} that the recorded program ran out of memory, and says so as bad input (exit 2, no
 * trace written): either the recorder's own allocation failed, and the agent stopped recording for good
 * and left {@link EventLog#LOST} in its log, or the program exited with a failure after the JVM ran out
 * of heap, which the JVM itself marks with {@link EventLog#OUT_OF_MEMORY} through the option
 * {@link #jvmOption}. The recorder's id table costs heap per live object (docs/recording.md), so a heap
 * the program fits in without the agent may be too small with it. Stateless; {@code record}'s thread.
 */
final class RecordedOutOfMemory {
    private RecordedOutOfMemory() {
    }

    /** The JVM option that makes the recorded JVM mark its log when its heap first runs out. */
    static String jvmOption(Path log) {
        return "-XX:OnOutOfMemoryError=touch '" + log.resolve(EventLog.OUT_OF_MEMORY) + "'";
    }

    /**
     * Throws the one-line refusal when the program ran out of memory while recorded ({@code status} is its
     * exit status, {@code heapOptions} the recorded JVM's options that may size its heap); else returns.
     */
    static void check(Path log, int status, List<String> heapOptions) throws IOException {
        Path lost = log.resolve(EventLog.LOST);
        if (Files.exists(lost)) {
            Map<String, String> values = values(lost);
            long entries = number(lost, values, "entries");
            long bytes = number(lost, values, "table-bytes");
            throw new UsageException(String.format(Locale.ROOT, "record: the program ran out of memory while recorded: "
                    + "the recorder's own allocation failed (%s) when its id table held %,d live objects in %,d bytes "
                    + "of the program's heap, and recording stopped; no trace written; %s",
                    values.getOrDefault("reason", "OutOfMemoryError"), entries, bytes, advice(heapOptions)));
        }
        if (status != 0 && Files.exists(log.resolve(EventLog.OUT_OF_MEMORY))) {
            throw new UsageException("record: the program ran out of memory while recorded (the JVM ran out of heap "
                    + "and the program exited with status " + status + "; the recorder's id table takes about 100 bytes "
                    + "of the heap per live object, see docs/recording.md); no trace written; " + advice(heapOptions));
        }
    }

    private static String advice(List<String> heapOptions) {
        String max = null;
        for (String o : heapOptions) {
            if (o.startsWith("-Xmx")) {
                max = o;
            }
        }
        return "give it a larger heap with -Xmx" + (max == null ? "" : " (it ran with " + max + ")");
    }

    private static Map<String, String> values(Path file) throws IOException {
        Map<String, String> values = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            int space = line.indexOf(' ');
            if (space > 0) {
                values.put(line.substring(0, space), line.substring(space + 1));
            }
        }
        return values;
    }

    private static long number(Path file, Map<String, String> values, String name) {
        try {
            return Long.parseLong(values.get(name));
        } catch (RuntimeException e) {
            throw new UsageException("record: " + file + ": no number '" + name + "' (the agent's log is damaged)");
        }
    }
}
