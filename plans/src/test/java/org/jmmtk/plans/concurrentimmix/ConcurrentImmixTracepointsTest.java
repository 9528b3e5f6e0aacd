package org.jmmtk.plans.concurrentimmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.core.stats.CycleTotals;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Plans;
import org.jmmtk.plans.Runs;
import org.jmmtk.probes.ConcurrentWorkEvent;
import org.jmmtk.probes.GcEvent;
import org.jmmtk.probes.SatbFlushEvent;
import org.jmmtk.probes.Tracepoints;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The concurrent tracepoints agree with the run's metrics: one {@code jmmtk.SatbFlush} per buffer
 * flushed, their entries adding up to the SATB entries flushed; one {@code jmmtk.ConcurrentWork} per
 * paced unit; one {@code jmmtk.GC} per pause, with its plan-defined kind.
 */
class ConcurrentImmixTracepointsTest {
    @Test
    void flushesUnitsAndPausesAreRecorded(@TempDir Path dir) throws Exception {
        TraceSource trace = Runs.workload("cache");
        long heap = Runs.heapFor("cache");
        List<GcRecord> records = new ArrayList<>();
        Path file = dir.resolve("run.jfr");
        RunResult r;
        Tracepoints.awaitListener();
        try (Recording recording = new Recording()) {
            recording.enable(SatbFlushEvent.class);
            recording.enable(ConcurrentWorkEvent.class).withoutThreshold();
            recording.enable(GcEvent.class).withoutThreshold();
            recording.start();
            Options options = new Options().heapBytes(heap).threads(2).pacing(Pacing.every(20)).packetCapacity(64);
            r = Simulation.run(Plans.REGISTRY.find("concurrentimmix").orElseThrow(), options, trace,
                    (mmtk, binding) -> mmtk.addListener(records::add));
            recording.stop();
            recording.dump(file);
        }
        assertNull(r.outOfMemory(), r.outOfMemory());
        long flushEvents = 0;
        long flushedEntries = 0;
        long units = 0;
        long initialMarks = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            switch (e.getEventType().getName()) {
                case SatbFlushEvent.NAME -> {
                    flushEvents++;
                    flushedEntries += e.getInt("entries");
                }
                case ConcurrentWorkEvent.NAME -> units++;
                case "jmmtk.GC" -> initialMarks += e.getString("kind").equals("initial-mark") ? 1 : 0;
                default -> { }
            }
        }
        Map<String, Long> totals = CycleTotals.of(records);
        assertTrue(totals.getOrDefault("satbEntriesFlushed", 0L) > 0, "no SATB entries: " + totals + " in "
                + records.stream().map(GcRecord::kind).toList());
        assertTrue(flushEvents > 1, "flushes: " + flushEvents);
        assertEquals(totals.get("satbEntriesFlushed"), flushedEntries);
        assertEquals(totals.get("concurrentUnits"), units);
        assertEquals(records.stream().filter(g -> g.kind().equals("initial-mark")).count(), initialMarks);
        assertTrue(Files.size(file) > 0);
    }
}
