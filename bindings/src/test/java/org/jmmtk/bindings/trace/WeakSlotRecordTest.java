package org.jmmtk.bindings.trace;

import static org.jmmtk.bindings.trace.TraceFiles.assertTraceError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code K} record (a type's weak slot): it survives the text, binary and per-thread stream layouts
 * in trace order; malformed or inconsistent ones exit with {@code file:line: reason}; and a consumer
 * without reference processing (the shadow heap of {@code trace stats}) keeps the slot's target as a
 * strong edge.
 */
class WeakSlotRecordTest {
    private static final List<String> RECORDS = List.of(
            "T 1 Payload",
            "T 3 java.lang.ref.WeakReference",
            "K 3 0",
            "K " + ObjectModel.MAX_TYPE_ID + " " + (ObjectModel.MAX_REF_SLOTS - 1),
            "A 0 1 48 4 3",
            "R 0 0 1",
            "A 0 2 32 0 1",
            "W 0 1 0 2",
            "C");

    @TempDir
    Path dir;

    @Test
    void survivesTextBinaryAndStreamsInTraceOrder() throws IOException {
        Path text = TraceFiles.text(dir, "w.trace", RECORDS.toArray(new String[0]));
        TraceFiles.assertRoundTrips(dir, text, RECORDS, "w.jtb", "w.jts", "w.trace.gz");
    }

    @Test
    void aReplayWithoutReferenceProcessingKeepsTheWeakTargetReachable() throws IOException {
        Path file = TraceFiles.text(dir, "w.trace", RECORDS.toArray(new String[0]));
        ShadowHeap heap = new ShadowHeap();
        TraceFormat.open(file).replay(heap);
        assertEquals(48 + 32, heap.reachableBytes(), "object 2, held only through the weak slot, is reachable");
        TraceStats stats = new TraceStats();
        TraceFormat.open(file).replay(stats);
        assertEquals(2, stats.summary().counts()[TraceStats.Kind.K.ordinal()]);
        assertEquals(80, stats.summary().reachableBytes());
    }

    @Test
    void malformedRecordNamesItsLine() throws IOException {
        Path file = TraceFiles.text(dir, "bad.trace", "A 0 1 32 2", "K 3", "A 0 2 32 0");
        assertTraceError(file, 3, "record K needs 3 fields, found 2", () -> TraceFiles.read(file));
        Path big = TraceFiles.text(dir, "big.trace", "A 0 1 32 2", "K 3 16777216", "A 0 2 32 0");
        assertTraceError(big, 3, "weak slot 16777216 is out of range 0..16777215", () -> TraceFiles.read(big));
    }

    @Test
    void inconsistentRecordIsRejectedByEveryCheckingConsumer() throws IOException {
        Path twice = TraceFiles.text(dir, "twice.trace", "K 3 0", "A 0 1 32 2 3", "K 3 1");
        assertTraceError(twice, 4, "a second weak slot for type 3", () -> TraceFormat.open(twice).replay(new ShadowHeap()));
        Path none = TraceFiles.text(dir, "none.trace", "K 0 1", "A 0 1 32 2 3");
        assertTraceError(none, 2, "type id 0 is out of range 1..16777215",
                () -> TraceFormat.open(none).replay(new StreamingShadowHeap()));
        assertTraceError(none, 2, "type id 0 is out of range 1..16777215",
                () -> TraceFormat.open(none).replay(new StreamTraceWriter(new ByteArrayOutputStream())));
    }
}
