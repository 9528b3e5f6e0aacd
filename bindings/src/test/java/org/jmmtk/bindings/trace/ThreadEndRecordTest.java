package org.jmmtk.bindings.trace;

import static org.jmmtk.bindings.trace.TraceFiles.assertTraceError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code X} record (a thread's end): it survives the text, binary and per-thread stream layouts in
 * trace order (in the stream layout it is a record of its thread's stream); malformed ones exit with
 * {@code file:line: reason}; a thread's end with a root slot still held is refused by every consumer
 * that holds roots, with the same message; and a later record on the number is a new thread.
 */
class ThreadEndRecordTest {
    private static final List<String> RECORDS = List.of(
            "A 0 1 32 2 1",
            "R 0 0 1",
            "A 1 2 32 0 1",
            "R 1 3 2",
            "W 1 1 0 2",
            "R 1 3 0",
            "X 1",
            "A 1 3 32 0 2",
            "X 1000000",
            "R 1 0 3",
            "R 1 0 0",
            "X 1",
            "C");

    @TempDir
    Path dir;

    @Test
    void survivesTextBinaryAndStreamsInTraceOrder() throws IOException {
        Path text = TraceFiles.text(dir, "x.trace", RECORDS.toArray(new String[0]));
        TraceFiles.assertRoundTrips(dir, text, RECORDS, "x.jtb", "x.jts", "x.trace.gz", "x.jts.gz");
    }

    /** Two bytes per {@code X} of a thread below 128 in binary (the letter and one varint), four in text ("X 1\n"). */
    @Test
    void costsTwoBytesInBinary() throws IOException {
        Path with = TraceFiles.text(dir, "with.trace", "A 0 1 32 0", "X 0", "A 0 2 32 0");
        Path without = TraceFiles.text(dir, "without.trace", "A 0 1 32 0", "A 0 2 32 0");
        for (Path p : List.of(with, without)) {
            try (TraceWriter w = TraceWriter.create(dir.resolve(p.getFileName() + ".jtb"), true)) {
                TraceFormat.open(p).replay(w);
            }
        }
        assertEquals(2, Files.size(dir.resolve("with.trace.jtb")) - Files.size(dir.resolve("without.trace.jtb")));
    }

    @Test
    void malformedRecordNamesItsLine() throws IOException {
        Path bare = TraceFiles.text(dir, "bare.trace", "A 0 1 32 2", "X");
        assertTraceError(bare, 3, "record X needs 2 fields, found 1", () -> TraceFiles.read(bare));
        Path two = TraceFiles.text(dir, "two.trace", "A 0 1 32 2", "X 0 0");
        assertTraceError(two, 3, "record X needs 2 fields, found 3", () -> TraceFiles.read(two));
        Path big = TraceFiles.text(dir, "big.trace", "A 0 1 32 2", "X 2147483648");
        assertTraceError(big, 3, "thread 2147483648 is out of range 0..2147483647", () -> TraceFiles.read(big));
    }

    @Test
    void aRootStillHeldAtTheEndIsRefusedByEveryConsumerThatHoldsRoots() throws IOException {
        Path held = TraceFiles.text(dir, "held.trace", "A 3 1 32 2", "R 3 5 1", "A 3 2 32 0", "R 3 7 2", "R 3 7 0", "X 3");
        String reason = "thread 3 ended holding object 1 in root slot 5 (a thread's root slots must be clear at its end)";
        assertTraceError(held, 7, reason, () -> TraceFormat.open(held).replay(new ShadowHeap()));
        assertTraceError(held, 7, reason, () -> TraceFormat.open(held).replay(new StreamingShadowHeap()));
        assertTraceError(held, 7, reason, () -> TraceFormat.open(held).replay(new TraceStats()));
        assertTraceError(held, 7, reason, () -> TraceFormat.open(held).replay(new BruteForceLifetimes((id, at) -> { })));
        // another thread's roots and the globals do not count
        Path other = TraceFiles.text(dir, "other.trace", "A 0 1 32 2", "R 0 5 1", "G 0 1", "A 3 2 32 0", "X 3");
        TraceFormat.open(other).replay(new ShadowHeap());
        TraceFormat.open(other).replay(new StreamingShadowHeap());
    }

    @Test
    void aThreadEndCountsAmongTheThreads() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 0", "X 4", "X 4");
        TraceStats stats = new TraceStats();
        TraceFormat.open(file).replay(stats);
        assertEquals(2, stats.summary().counts()[TraceStats.Kind.X.ordinal()]);
        assertEquals(2, stats.summary().threads());
        String[] many = new String[TraceFormat.MAX_THREADS + 1];
        for (int t = 0; t < many.length; t++) {
            many[t] = "X " + t;
        }
        Path tooMany = TraceFiles.text(dir, "many.trace", many);
        assertTraceError(tooMany, TraceFormat.MAX_THREADS + 2, "too many threads: a replay supports at most 1023",
                () -> TraceFormat.open(tooMany).replay(new StreamTraceWriter(new ByteArrayOutputStream())));
    }
}
