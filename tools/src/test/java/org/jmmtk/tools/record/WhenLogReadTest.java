package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.tools.record.AgentLogs.Event;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RecordedTrace#whenLogRead}, where {@code record} deletes the events file: the action runs once, on
 * the next replay only, and only after the last read of the log, so that a replay whose action deletes the
 * events file writes the same trace as one without it (random logs of {@link MinimalPinsTest}).
 */
class WhenLogReadTest {
    @TempDir
    Path dir;

    @Test
    void theEventsFileDeletedByTheActionLeavesTheTraceUnchanged() throws IOException {
        for (int seed = 0; seed < 40; seed++) {
            List<Event> events = MinimalPinsTest.program(new SplittableRandom(seed));
            Path plainLog = AgentLogs.write(events, dir.resolve("plain" + seed));
            Path log = AgentLogs.write(events, dir.resolve("log" + seed));
            Path plain = dir.resolve("plain" + seed + ".trace");
            Path hooked = dir.resolve("hooked" + seed + ".trace");
            replay(new RecordedTrace(plainLog, "t"), plain);
            RecordedTrace trace = new RecordedTrace(log, "t");
            int[] calls = new int[1];
            trace.whenLogRead(() -> {
                calls[0]++;
                try {
                    Files.delete(log.resolve(EventLog.EVENTS));
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            });
            replay(trace, hooked);
            assertEquals(1, calls[0], "seed " + seed + ": runs of the action");
            assertEquals(Files.readString(plain), Files.readString(hooked), "seed " + seed);
        }
    }

    @Test
    void theActionRunsOnTheNextReplayOnly() throws IOException {
        Path log = AgentLogs.write(MinimalPinsTest.program(new SplittableRandom(7)), dir.resolve("log"));
        RecordedTrace trace = new RecordedTrace(log, "t");
        int[] calls = new int[1];
        trace.whenLogRead(() -> calls[0]++);
        replay(trace, dir.resolve("first.trace"));
        replay(trace, dir.resolve("second.trace"));
        assertEquals(1, calls[0]);
        assertEquals(Files.readString(dir.resolve("first.trace")), Files.readString(dir.resolve("second.trace")));
    }

    private static void replay(RecordedTrace trace, Path out) throws IOException {
        try (TraceWriter w = TraceWriter.create(out, false)) {
            trace.replay(w);
        }
    }
}
