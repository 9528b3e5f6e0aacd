package org.jmmtk.agent.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The log writer never holds one thread's lock while it takes another's. A sweep writes each thread's
 * published events under that thread's lock, and drains the handed-over chunks there too; giving such a
 * chunk back takes its owner's lock. Holding both closed a cycle in a recording of {@code Cleaners}: the
 * main thread held the id table's lock and wanted its own (to hand a chunk over), the writer held main's
 * and wanted the Cleaner thread's (to give a chunk back), and the Cleaner thread held its own and wanted
 * the id table's (to record filler). Here the test holds thread b's lock while a sweep over thread a
 * drains a chunk of b: the sweep must let a's lock go before it waits for b's. Forced, not timed: the
 * test waits until the sweeping thread blocks and reads which monitors it holds then.
 */
class LogWriterLocksTest {
    @Test
    void aSweepGivesAnotherThreadsChunkBackOnlyAfterLettingGoOfTheThreadItSweeps(@TempDir Path dir) throws Exception {
        LogWriter writer = new LogWriter(dir.resolve("events")); // not started: the test runs its sweep
        ThreadState a = new ThreadState(new Thread("a"), 0);
        ThreadState b = new ThreadState(new Thread("b"), 1);
        a.event(EventLog.WRITE, 1, 1, 0);
        Chunk handed = new Chunk(b, 8);
        handed.claim(4);
        handed.put(Recorder.nextSeq(EventLog.WRITE), 2, 1, 0);
        writer.add(handed, handed.size());
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread sweeper = new Thread(() -> {
            try {
                writer.sweep(new ThreadState[] {a});
            } catch (Throwable e) {
                failed.set(e);
            }
        }, "sweeper");
        MonitorInfo[] held;
        synchronized (b) {
            sweeper.start();
            ThreadInfo info = null;
            while (sweeper.isAlive() && (info == null || info.getLockInfo() == null
                    || info.getLockInfo().getIdentityHashCode() != System.identityHashCode(b))) {
                Thread.onSpinWait();
                info = ManagementFactory.getThreadMXBean().getThreadInfo(new long[] {sweeper.getId()}, true, false)[0];
            }
            assertTrue(sweeper.isAlive(), "the sweep waits for b's lock, which this test holds, to give b's chunk back");
            held = info.getLockedMonitors();
        }
        sweeper.join();
        assertNull(failed.get());
        assertEquals(0, Arrays.stream(held).filter(m -> m.getIdentityHashCode() == System.identityHashCode(a)).count(),
                "the sweep held thread a's lock while it waited for thread b's: " + Arrays.toString(held));
        assertTrue(Files.size(dir.resolve("events")) > 0, "both threads' events written");
    }
}
