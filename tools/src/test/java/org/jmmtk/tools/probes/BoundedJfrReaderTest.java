package org.jmmtk.tools.probes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.jmmtk.tools.error.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lines of defence behind {@link JfrChunks}: the events-per-byte bound and the no-progress
 * watchdog, each shown on a reading that the structure check would have stopped or cannot see. The
 * hang guards (a minute) only keep a broken build from hanging the suite.
 */
class BoundedJfrReaderTest {
    private static final Duration HANG_GUARD = Duration.ofMinutes(1);

    @TempDir
    Path dir;

    @Test
    void aReaderGoingRoundInALoopIsStoppedByTheEventBound() throws IOException {
        long[] at = new long[1];
        Path jfr = Files.write(dir.resolve("back.jfr"),
                new JfrDamage(JfrDamage.record(dir.resolve("base.jfr"))).negativeEventSize(at));
        BoundedJfrReader reader = new BoundedJfrReader(jfr, TimeUnit.MINUTES.toNanos(10));
        UsageException e = assertTimeoutPreemptively(HANG_GUARD, () -> assertThrows(UsageException.class,
                () -> reader.readChecked(event -> { }, n -> { })));
        assertTrue(e.getMessage().startsWith(jfr + ": not a readable JFR recording: the JDK's reader returned more "
                + "events (" + (Files.size(jfr) / 2 + 1) + ") than half the file's bytes"), e.getMessage());
    }

    /** A named pipe without a writer: the JDK's reader waits in its first read of the file, as if in a loop. */
    @Test
    void aReaderMakingNoProgressIsGivenUpByTheWatchdog() throws Exception {
        Path fifo = dir.resolve("stuck.jfr");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo is needed");
        BoundedJfrReader reader = new BoundedJfrReader(fifo, TimeUnit.MILLISECONDS.toNanos(300));
        try {
            UsageException e = assertTimeoutPreemptively(HANG_GUARD, () -> assertThrows(UsageException.class,
                    () -> reader.readChecked(event -> { }, n -> { })));
            assertEquals(fifo + ": not a readable JFR recording: the JDK's reader made no progress for 300 ms; the "
                    + "recording looks damaged", e.getMessage());
        } finally {
            try (OutputStream release = Files.newOutputStream(fifo)) {
                // opening the pipe for writing lets the abandoned reader fail and end
            }
        }
    }

    @Test
    void timeInTheHandlerIsNotNoProgress() {
        ReaderWatch watch = new ReaderWatch();
        assertFalse(watch.stuck(Long.MAX_VALUE, 1), "outside the reader: never stuck");
        watch.enter(100);
        assertFalse(watch.stuck(199, 100));
        assertTrue(watch.stuck(200, 100));
        watch.leave();
        assertFalse(watch.stuck(10_000, 100), "back in the handler: not stuck however long it takes");
    }
}
