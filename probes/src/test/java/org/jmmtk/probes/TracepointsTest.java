package org.jmmtk.probes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every tracepoint, fired inside a probe session, comes back from the recording with its fields. */
class TracepointsTest {
    @TempDir
    Path dir;

    @Test
    void everyTracepointIsRecordedWithItsFields() throws Exception {
        assertTrue(Tracepoints.COMPILED, "tests run with the tracepoints compiled in");
        Path file = dir.resolve("t.jfr");
        try (ProbeSession session = ProbeSession.start(file)) {
            GcEvent gc = Tracepoints.gcBegin();
            Tracepoints.heapUsage(7, false, 4096, -1);
            Tracepoints.bucketOpen(7, "Closure");
            WorkPacketEvent packet = Tracepoints.workBegin();
            Tracepoints.processEdges(7, 99, 4096, true);
            Tracepoints.workEnd(packet, 7, String.class, 3, "Closure", 99, 42, "steal");
            AllocSlowPathEvent slow = Tracepoints.allocSlowBegin();
            Tracepoints.allocSlowEnd(slow, 1, 32768, "copyspace0");
            Tracepoints.heapUsage(7, true, 2048, 1000);
            Tracepoints.gcEnd(gc, 7, "semispace", "full", "heap-full");
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        Map<String, RecordedEvent> byName = new HashMap<>();
        int heapUsage = 0;
        for (RecordedEvent e : events) {
            byName.put(e.getEventType().getName(), e);
            heapUsage += e.getEventType().getName().equals(HeapUsageEvent.NAME) ? 1 : 0;
            assertEquals(null, e.getStackTrace(), "tracepoints record no stack traces");
        }
        assertEquals(2, heapUsage);
        RecordedEvent wp = byName.get(WorkPacketEvent.NAME);
        assertEquals("String", wp.getString("type"));
        assertEquals(3, wp.getInt("worker"));
        assertEquals("Closure", wp.getString("stage"));
        assertEquals(99, wp.getLong("packetId"));
        assertEquals(42, wp.getLong("parentId"));
        assertEquals("steal", wp.getString("source"));
        assertEquals(7, wp.getInt("gc"));
        RecordedEvent pe = byName.get(ProcessEdgesEvent.NAME);
        assertEquals(4096, pe.getInt("edges"));
        assertTrue(pe.getBoolean("roots"));
        assertEquals(99, pe.getLong("packetId"));
        assertEquals("Closure", byName.get(BucketOpenEvent.NAME).getString("stage"));
        RecordedEvent slowPath = byName.get(AllocSlowPathEvent.NAME);
        assertEquals(32768, slowPath.getLong("bytes"));
        assertEquals("copyspace0", slowPath.getString("space"));
        assertEquals(1, slowPath.getInt("mutator"));
        RecordedEvent g = byName.get(GcEvent.NAME);
        assertEquals("semispace", g.getString("plan"));
        assertEquals("heap-full", g.getString("reason"));
        assertTrue(!g.getEndTime().isBefore(wp.getEndTime()), "the GC event spans the packet");
    }

    @Test
    void nothingIsRecordedOutsideASession() throws Exception {
        Path file = dir.resolve("empty.jfr");
        Tracepoints.bucketOpen(1, "Prepare");
        try (ProbeSession session = ProbeSession.start(file)) {
            Tracepoints.bucketOpen(2, "Closure");
        }
        Tracepoints.bucketOpen(3, "Release");
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        assertEquals(1, events.stream().filter(e -> e.getEventType().getName().equals(BucketOpenEvent.NAME)).count());
    }
}
