package org.jmmtk.tools.probes;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.jmmtk.probes.ConcurrentWorkEvent;
import org.jmmtk.probes.PageLockContendedEvent;
import org.jmmtk.probes.SatbFlushEvent;
import org.jmmtk.probes.Tracepoints;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jmmtk.tools.plot.SvgText;

/**
 * {@code run --jfr} records every jmmtk tracepoint, and {@code probes} reports on the recording with
 * totals equal to the run's own counters.
 */
class ProbesCommandTest {
    @TempDir
    static Path dir;

    private static Path recording;
    private static Map<String, Object> run;

    @BeforeAll
    static void recordARun() throws IOException {
        recording = dir.resolve("run.jfr");
        Cli.Result r = Cli.run("run", "--workload", "widetree", "--scale", "0.05", "--heap", "4m", "--threads", "2",
                "--json", "--jfr", recording.toString());
        assertEquals(0, r.code(), r.err());
        run = JsonTree.object(r.out());
    }

    private static long number(Map<String, Object> json, String field) {
        return ((Number) json.get(field)).longValue();
    }

    private static Map<String, Object> report(String name) throws IOException {
        Cli.Result r = Cli.run("probes", recording.toString(), "--report", name, "--json");
        assertEquals(0, r.code(), r.err());
        Map<String, Object> json = JsonTree.object(r.out());
        assertEquals(name, json.get("report"));
        return json;
    }

    @Test
    void everyEventTypeIsRecordedAndEdgesAddUpToTheRunsCounters() throws IOException {
        Map<String, Long> counts = new HashMap<>();
        Map<Integer, Long> edgesByGc = new HashMap<>();
        int finalGc = -1;
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            counts.merge(e.getEventType().getName(), 1L, Long::sum);
            if (e.getEventType().getName().equals("jmmtk.ProcessEdges")) {
                edgesByGc.merge(e.getInt("gc"), (long) e.getInt("edges"), Long::sum);
            }
            if (e.getEventType().getName().equals("jmmtk.GC") && e.getString("reason").equals("final")) {
                finalGc = e.getInt("gc");
            }
        }
        for (Class<?> type : Tracepoints.eventTypes()) {
            if (type == PageLockContendedEvent.class) {
                continue; // fires only when a thread waits for a lock (SlowPathCompareTest makes one wait)
            }
            if (type == SatbFlushEvent.class || type == ConcurrentWorkEvent.class) {
                continue; // fire only with a concurrent plan (ConcurrentImmixTracepointsTest records them)
            }
            String name = type.getAnnotation(jdk.jfr.Name.class).value();
            assertTrue(counts.getOrDefault(name, 0L) > 0, name + " was not recorded: " + counts);
        }
        long programEdges = 0;
        for (Map.Entry<Integer, Long> e : edgesByGc.entrySet()) {
            programEdges += e.getKey() == finalGc ? 0 : e.getValue();
        }
        assertEquals(number(run, "edgesTraced"), programEdges);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> collections = (List<Map<String, Object>>) run.get("collections");
        for (Map<String, Object> c : collections) {
            assertEquals(number(c, "edgesTraced"), edgesByGc.get((int) number(c, "gc")), "GC " + c.get("gc"));
        }
    }

    @Test
    void aPacketTracesAtMostThePacketCapacityAndHandsTheRestToNewPackets() throws IOException {
        Path small = dir.resolve("capacity.jfr");
        Cli.Result r = Cli.run("run", "--workload", "widetree", "--scale", "0.05", "--heap", "4m", "--threads", "2",
                "--packet-capacity", "64", "--json", "--jfr", small.toString());
        assertEquals(0, r.code(), r.err());
        Set<Long> edgePackets = new HashSet<>();
        List<Long> parents = new ArrayList<>();
        long edges = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(small)) {
            String type = e.getEventType().getName();
            if (type.equals("jmmtk.ProcessEdges")) {
                assertTrue(e.getInt("edges") <= 64, "a packet traced " + e.getInt("edges") + " edges");
                edgePackets.add(e.getLong("packetId"));
                edges += e.getInt("edges");
            } else if (type.equals("jmmtk.WorkPacket") && e.getString("type").equals("ProcessEdges")) {
                parents.add(e.getLong("parentId"));
            }
        }
        long spilled = parents.stream().filter(edgePackets::contains).count();
        assertTrue(edges > 64 * 100, "the run traced only " + edges + " edges");
        assertTrue(spilled >= edges / 64 / 2, spilled + " packets made by packets, for " + edges + " edges");
    }

    @Test
    void packetSizeTotalsMatchTheRun() throws IOException {
        Map<String, Object> sizes = report("packet-sizes");
        assertEquals(number(run, "edgesTraced"), number(sizes, "edges"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> all = (List<Map<String, Object>>) sizes.get("all");
        long packets = 0;
        long edges = 0;
        for (Map<String, Object> bucket : all) {
            packets += number(bucket, "packets");
            edges += number(bucket, "edges");
            long size = number(bucket, "size");
            assertEquals(size, Long.highestOneBit(size), "buckets are powers of two");
        }
        assertEquals(number(sizes, "packets"), packets);
        assertEquals(number(run, "edgesTraced"), edges);
        assertEquals(1.0, ((Number) all.get(all.size() - 1).get("cdfByItem")).doubleValue(), 1e-9);
        assertTrue(number(sizes, "rootPackets") > 0);
    }

    @Test
    void gcReportHasTheRunsCollections() throws IOException {
        Map<String, Object> gc = report("gc");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows = (List<Map<String, Object>>) gc.get("collections");
        assertEquals(number(run, "gcCount"), rows.size());
        for (Map<String, Object> row : rows) {
            assertTrue(number(row, "packets") >= number(row, "processEdgesPackets"));
            assertTrue(((Number) row.get("closureMs")).doubleValue() > 0);
        }
    }

    @Test
    void packetsBucketsAndSlowPathReportsRun() throws IOException {
        Map<String, Object> packets = report("packets");
        assertTrue(((List<?>) packets.get("types")).size() >= 10, "all generic packet types appear");
        Map<String, Object> buckets = report("buckets");
        assertEquals(number(run, "gcCount"), ((List<?>) buckets.get("collections")).size());
        Map<String, Object> slow = report("slow-path");
        assertTrue(number(slow, "slowPaths") > 0);
        assertTrue(number(slow, "waitedForGc") >= number(run, "gcCount"), "every heap-full GC began in a slow path");
    }

    @Test
    void outWritesCsvAndPlots() throws IOException {
        Path out = dir.resolve("out");
        assertEquals(0, Cli.run("probes", recording.toString(), "--report", "packet-sizes", "--out", out.toString()).code());
        assertEquals(0, Cli.run("probes", recording.toString(), "--report", "slow-path", "--out", out.toString()).code());
        for (String f : List.of("packet-sizes.csv", "packet-sizes.png", "packet-sizes.svg", "slow-path.csv",
                "slow-path.png", "slow-path.svg")) {
            assertTrue(Files.size(out.resolve(f)) > 100, f);
        }
        assertTrue(Files.readString(out.resolve("packet-sizes.csv")).startsWith("packets,size,count,edges"));
        // the legend uses the axis's word, edges
        SvgText.read(out.resolve("packet-sizes.svg")).has("ProcessEdges packet sizes",
                "packet size (edges, log2 buckets, log scale)", "cumulative fraction", "all packets, fraction of edges",
                "all packets, fraction of packets", "0", "1").lacks("by item");
        SvgText.read(out.resolve("slow-path.svg")).has("cumulative fraction");
    }

    @Test
    void badRecordingsAreUsageErrors() throws IOException {
        Cli.Result missing = Cli.run("probes", dir.resolve("nope.jfr").toString(), "--report", "gc");
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("no such recording"), missing.err());
        Path text = Files.writeString(dir.resolve("text.jfr"), "not a recording");
        Cli.Result bad = Cli.run("probes", text.toString(), "--report", "gc");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("not a readable JFR recording"), bad.err());
        assertEquals(2, Cli.run("probes", recording.toString(), "--report", "nonsense").code());
    }
}
