package org.jmmtk.tools.perfetto;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;
import org.jmmtk.tools.error.ExitCodes;

import static java.util.stream.Collectors.counting;
import static java.util.stream.Collectors.groupingBy;
import static java.util.stream.Collectors.summingLong;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.jmmtk.tools.perfetto.TraceFile.Event;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmmtk perfetto} and {@code run --perfetto}: one small run is recorded, exported with each option,
 * read back and checked against the recording (read on its own) and the run's metrics, and against the
 * rules of Perfetto's JSON importer (modelled by {@link ImporterModel}; the real one cannot be installed).
 */
class PerfettoCommandTest {
    private static final Set<String> METADATA = Set.of("process_name", "thread_name", "process_sort_index",
            "thread_sort_index");

    @TempDir
    static Path dir;

    private static Path jfr;
    private static long edgesTraced;
    private static Recorded recorded;
    private static int finalGc;

    @BeforeAll
    static void record() throws IOException {
        jfr = dir.resolve("run.jfr");
        Cli.Result r = Cli.run("run", "--workload", "widetree", "--scale", "0.05", "--heap", "4m", "--threads", "2",
                "--json", "--jfr", jfr.toString());
        assertEquals(0, r.code(), r.err());
        edgesTraced = ((Number) JsonTree.object(r.out()).get("edgesTraced")).longValue();
        recorded = Recorded.read(jfr);
        finalGc = recorded.finalGc();
        assertTrue(recorded.reasons.size() >= 6, "too few GCs to test the filters: " + recorded.reasons);
    }

    private static List<Event> export(String name, String... options) throws IOException {
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("perfetto", jfr.toString(), "-o", out.toString()));
        args.addAll(List.of(options));
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("wrote " + out + ": "), r.out());
        assertEquals(1, r.out().lines().count(), r.out());
        return TraceFile.read(out);
    }

    private static Stream<Event> packets(List<Event> trace) {
        return trace.stream().filter(Event::isPacket);
    }

    private static Map<String, Long> byType(Stream<Event> slices) {
        return slices.collect(groupingBy(Event::name, counting()));
    }

    private static Map<String, Long> recordedByType(IntPredicate gcs) {
        return recorded.packets(gcs).stream().collect(groupingBy(Recorded.Packet::type, counting()));
    }

    private static long edges(Stream<Event> events) {
        return events.filter(e -> e.args().containsKey("edges")).mapToLong(e -> e.number("edges")).sum();
    }

    private static Set<Long> gcsOfSlices(List<Event> trace) {
        return trace.stream().filter(e -> "X".equals(e.ph()) && e.name().startsWith("GC "))
                .map(e -> e.number("gc")).collect(Collectors.toSet());
    }

    private void assertImporterAccepts(List<Event> trace) {
        ImporterModel model = ImporterModel.replay(trace);
        assertEquals(List.of(), model.problems());
        for (ImporterModel.Flow f : model.flows()) {
            assertEquals(f.from().number("packetId"), f.to().number("parentId"), "flow " + f.id());
            assertEquals(f.id(), f.to().number("packetId"));
        }
    }

    @Test
    void everyPacketOfTheProgramIsOneSliceNamedByItsType() throws IOException {
        List<Event> trace = export("all.json");
        IntPredicate program = gc -> gc != finalGc;
        assertEquals(recordedByType(program), byType(packets(trace)));
        assertEquals(recorded.packets(program).stream().map(Recorded.Packet::id).collect(Collectors.toSet()),
                packets(trace).map(e -> e.number("packetId")).collect(Collectors.toSet()));
        assertEquals(recorded.reasons.size() - 1, gcsOfSlices(trace).size());
        assertFalse(gcsOfSlices(trace).contains((long) finalGc));
    }

    @Test
    void processEdgesSlicesAddUpToTheRunsTracedEdges() throws IOException {
        List<Event> trace = export("edges.json");
        assertEquals(edgesTraced, edges(packets(trace)));
        packets(trace).filter(e -> e.args().containsKey("edges")).forEach(e -> {
            assertEquals(recorded.edges.get(e.number("packetId")).longValue(), e.number("edges"));
            assertTrue(e.args().get("isRoots") instanceof Boolean, e.toString());
        });
        assertTrue(packets(trace).anyMatch(e -> Boolean.TRUE.equals(e.args().get("isRoots"))));
    }

    @Test
    void includeFinalAddsTheReachabilityCollection() throws IOException {
        List<Event> trace = export("final.json", "--include-final");
        assertEquals(recordedByType(gc -> true), byType(packets(trace)));
        assertEquals(edgesTraced + recorded.edges(gc -> gc == finalGc), edges(packets(trace)));
        assertTrue(trace.stream().anyMatch(e -> e.name().startsWith("GC " + finalGc + " (")
                && "final".equals(e.args().get("reason"))));
    }

    @Test
    void tracksAreNamedSortedAndHoldTheirEvents() throws IOException {
        List<Event> trace = export("tracks.json");
        Map<Long, String> threads = new HashMap<>();
        Map<Long, Long> sortIndex = new HashMap<>();
        Map<Long, String> processes = new HashMap<>();
        for (Event e : trace) {
            if ("M".equals(e.ph())) {
                assertTrue(METADATA.contains(e.name()), e.name());
                switch (e.name()) {
                    case "thread_name" -> assertNull(threads.put(e.tid(), (String) e.args().get("name")),
                            "thread named twice: " + e);
                    case "process_name" -> processes.put(e.pid(), (String) e.args().get("name"));
                    case "thread_sort_index" -> sortIndex.put(e.tid(), e.number("sort_index"));
                    default -> {
                    }
                }
            }
        }
        assertEquals(Map.of(1L, "jmmtk GC", 2L, "jmmtk mutators"), processes);
        assertTrue(threads.values().containsAll(List.of("GC", "worker 0", "worker 1", "mutator 0")), "" + threads);
        long worker0 = key(threads, "worker 0");
        long worker1 = key(threads, "worker 1");
        assertTrue(sortIndex.get(key(threads, "GC")) < sortIndex.get(worker0));
        assertTrue(sortIndex.get(worker0) < sortIndex.get(worker1));

        Map<Long, Integer> workerOf = new HashMap<>();
        recorded.packets.forEach(p -> workerOf.put(p.id(), p.worker()));
        for (Event e : trace) {
            if (!"M".equals(e.ph()) && !"C".equals(e.ph())) {
                assertTrue(threads.containsKey(e.tid()), "event on an unnamed track: " + e);
            }
            if (e.isPacket()) {
                assertEquals("worker " + workerOf.get(e.number("packetId")), threads.get(e.tid()));
                assertEquals(1, e.pid());
            } else if ("AllocSlowPath".equals(e.name())) {
                assertTrue(threads.get(e.tid()).startsWith("mutator "), e.toString());
                assertEquals(2, e.pid());
            } else if ("CopyBufferRefill".equals(e.name())) {
                assertTrue(threads.get(e.tid()).startsWith("worker "), e.toString());
            }
        }
        assertTrue(trace.stream().anyMatch(e -> "i".equals(e.ph()) && "Closure".equals(e.name())
                && "t".equals(e.scope())), "no bucket opening");
        Set<String> counters = trace.stream().filter(e -> "C".equals(e.ph())).map(Event::name)
                .collect(Collectors.toSet());
        assertEquals(Set.of("heap in use", "live after GC"), counters);
    }

    private static long key(Map<Long, String> map, String value) {
        return map.entrySet().stream().filter(x -> value.equals(x.getValue())).findFirst().orElseThrow().getKey();
    }

    @Test
    void slicesNestOrFollowEachOtherOnEveryTrack() throws IOException {
        List<Event> trace = export("nesting.json", "--include-final");
        Map<Long, List<Event>> tracks = trace.stream().filter(e -> "X".equals(e.ph()))
                .collect(groupingBy(Event::tid));
        for (List<Event> slices : tracks.values()) {
            slices.sort((a, b) -> a.ts() != b.ts() ? Long.compare(a.ts(), b.ts()) : Long.compare(b.dur(), a.dur()));
            List<Event> open = new ArrayList<>();
            for (Event e : slices) {
                assertTrue(e.dur() >= 0, e.toString());
                open.removeIf(o -> o.end() <= e.ts());
                for (Event o : open) {
                    assertTrue(e.end() <= o.end(), "overlap: " + o + " and " + e);
                }
                open.add(e);
            }
        }
        assertImporterAccepts(trace);
    }

    @Test
    void timesAreMicrosecondsFromTheFirstEvent() throws IOException {
        List<Event> trace = export("times.json");
        long first = trace.stream().filter(e -> !"M".equals(e.ph())).mapToLong(Event::ts).min().orElseThrow();
        long last = trace.stream().filter(e -> !"M".equals(e.ph())).mapToLong(Event::end).max().orElseThrow();
        assertTrue(first >= 0 && first < 1_000_000, "first event at " + first + " ns");
        assertTrue(last < 3_600_000_000_000L, "last event at " + last + " ns: not relative");
    }

    @Test
    void flowsGoFromEachPacketToThoseItSpawned() throws IOException {
        List<Event> trace = export("flows.json");
        Map<Long, Long> starts = new HashMap<>();
        Map<Long, Long> ends = new HashMap<>();
        for (Event e : trace) {
            if ("s".equals(e.ph()) || "f".equals(e.ph())) {
                assertTrue(e.idIsNumber(), "flow id is not a number: " + e);
                (e.ph().equals("s") ? starts : ends).merge(e.id(), 1L, Long::sum);
            }
        }
        assertEquals(starts.keySet(), ends.keySet());
        assertTrue(starts.values().stream().allMatch(n -> n == 1) && ends.values().stream().allMatch(n -> n == 1));
        Set<Long> drawn = packets(trace).map(e -> e.number("packetId")).collect(Collectors.toSet());
        long withDrawnParent = packets(trace).filter(e -> drawn.contains(e.number("parentId"))).count();
        assertEquals(withDrawnParent, starts.size());
        assertTrue(withDrawnParent > drawn.size() / 2, "too few flows: " + withDrawnParent);
        ImporterModel model = ImporterModel.replay(trace);
        assertEquals(starts.size(), model.flows().size());
        assertImporterAccepts(trace);
    }

    @Test
    void gzipHoldsTheSameTrace() throws IOException {
        export("plain.json");
        List<Event> gz = export("packed.json.gz");
        byte[] plain = Files.readAllBytes(dir.resolve("plain.json"));
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve("packed.json.gz")))) {
            assertArrayEquals(plain, in.readAllBytes());
        }
        assertTrue(Files.size(dir.resolve("packed.json.gz")) * 4 < plain.length);
        assertFalse(gz.isEmpty());
    }

    @Test
    void gcRangeKeepsThoseCollectionsAndTheSlowPathsOverlappingThem() throws IOException {
        List<Event> trace = export("range.json", "--gcs", "2-3");
        assertEquals(Set.of(2L, 3L), gcsOfSlices(trace));
        IntPredicate two = gc -> gc == 2 || gc == 3;
        assertEquals(recordedByType(two), byType(packets(trace)));
        assertEquals(recorded.edges(two), edges(packets(trace)));
        assertEquals(6, trace.stream().filter(e -> "C".equals(e.ph())).count());
        List<Event> gcs = trace.stream().filter(e -> "X".equals(e.ph()) && e.name().startsWith("GC ")).toList();
        trace.stream().filter(e -> "AllocSlowPath".equals(e.name())).forEach(s -> assertTrue(
                gcs.stream().anyMatch(g -> s.ts() <= g.end() && g.ts() <= s.end()), "outside GCs 2-3: " + s));
        trace.stream().filter(e -> "bucket".equals(e.cat()))
                .forEach(b -> assertTrue(two.test((int) b.number("gc")), b.toString()));
        assertImporterAccepts(trace);

        assertEquals(Set.of(5L), gcsOfSlices(export("one.json", "--gcs", "5")));
    }

    @Test
    void everyKeepsOneCollectionInK() throws IOException {
        Set<Long> expected = new HashSet<>();
        for (long gc = 1; gc < finalGc; gc += 3) {
            expected.add(gc);
        }
        List<Event> trace = export("every.json", "--every", "3");
        assertEquals(expected, gcsOfSlices(trace));
        assertEquals(recordedByType(gc -> gc != finalGc && (gc - 1) % 3 == 0), byType(packets(trace)));
        assertEquals(Set.of(3L, 5L), gcsOfSlices(export("every-range.json", "--gcs", "3-6", "--every", "2")));
    }

    @Test
    void minDurFoldsShortPacketsIntoSummariesThatKeepTheTotals() throws IOException {
        IntPredicate program = gc -> gc != finalGc;
        long[] durations = recorded.packets(program).stream().mapToLong(Recorded.Packet::nanos).sorted().toArray();
        long micros = Math.max(1, durations[durations.length / 2] / 1000);
        List<Event> trace = export("short.json", "--min-dur", Long.toString(micros));

        Map<Long, Long> nanos = new HashMap<>();
        recorded.packets.forEach(p -> nanos.put(p.id(), p.nanos()));
        packets(trace).forEach(e -> assertTrue(nanos.get(e.number("packetId")) >= micros * 1000, e.toString()));
        List<Event> summaries = trace.stream().filter(e -> "summary".equals(e.cat())).toList();
        assertFalse(summaries.isEmpty());
        Map<String, Long> counted = new HashMap<>(byType(packets(trace)));
        summaries.forEach(s -> counted.merge(s.name(), s.number("count"), Long::sum));
        assertEquals(recordedByType(program), counted);
        assertEquals(edgesTraced, edges(packets(trace)) + edges(summaries.stream()));

        Map<String, Long> shortNanos = recorded.packets(program).stream().filter(p -> p.nanos() < micros * 1000)
                .collect(groupingBy(Recorded.Packet::type, summingLong(Recorded.Packet::nanos)));
        Map<String, Long> summarisedNanos = summaries.stream().collect(groupingBy(Event::name,
                summingLong(s -> Math.round(((Number) s.args().get("totalDurUs")).doubleValue() * 1000))));
        assertEquals(shortNanos, summarisedNanos);
        assertImporterAccepts(trace);
    }

    @Test
    void runRecordsAndExportsInOneGo() throws IOException {
        Path out = dir.resolve("run.json.gz");
        Cli.Result r = Cli.run("run", "--workload", "linkedlist", "--scale", "0.05", "--heap", "4m", "--threads", "2",
                "--json", "--perfetto", out.toString(), "--gcs", "1-2");
        assertEquals(0, r.code(), r.err());
        assertTrue(((Number) JsonTree.object(r.out()).get("gcCount")).longValue() >= 2, r.out());
        assertTrue(r.err().startsWith("wrote " + out + ": "), r.err());
        List<Event> trace = TraceFile.read(out);
        assertEquals(Set.of(1L, 2L), gcsOfSlices(trace));
        assertImporterAccepts(trace);
    }

    @Test
    void aRecordingOfSeveralRunsExportsTheRunChosen() throws IOException {
        Path other = dir.resolve("other.jfr");
        Cli.Result r = Cli.run("run", "--workload", "linkedlist", "--scale", "0.05", "--heap", "4m", "--threads", "2",
                "--jfr", other.toString());
        assertEquals(0, r.code(), r.err());
        Path both = dir.resolve("both.jfr");
        Files.write(both, Files.readAllBytes(jfr));
        Files.write(both, Files.readAllBytes(other), java.nio.file.StandardOpenOption.APPEND);
        Path out = dir.resolve("both.json");
        assertUsage("holds 2 runs", "perfetto", both.toString(), "-o", out.toString());
        assertUsage("--run 3 is out of range", "perfetto", both.toString(), "-o", out.toString(), "--run", "3");
        Path twice = dir.resolve("twice.jfr");
        Files.write(twice, Files.readAllBytes(jfr));
        Files.write(twice, Files.readAllBytes(jfr), java.nio.file.StandardOpenOption.APPEND);
        assertUsage("the runs overlap in time", "perfetto", twice.toString(), "-o", out.toString(), "--run", "2");
        assertUsage("the runs overlap in time", "probes", twice.toString(), "--report", "gc", "--run", "2");
        assertFalse(Files.exists(out));
        for (int run = 1; run <= 2; run++) {
            Path alone = dir.resolve("alone" + run + ".json");
            Cli.Result a = Cli.run("perfetto", (run == 1 ? jfr : other).toString(), "-o", alone.toString());
            assertEquals(0, a.code(), a.err());
            Path chosen = dir.resolve("chosen" + run + ".json");
            Cli.Result c = Cli.run("perfetto", both.toString(), "-o", chosen.toString(), "--run", "" + run);
            assertEquals(0, c.code(), c.err());
            List<Event> expected = TraceFile.read(alone);
            List<Event> got = TraceFile.read(chosen);
            assertEquals(byType(packets(expected)), byType(packets(got)), "run " + run);
            assertEquals(gcsOfSlices(expected), gcsOfSlices(got), "run " + run);
            assertEquals(edges(packets(expected)), edges(packets(got)), "run " + run);
            assertImporterAccepts(got);
        }
    }

    @Test
    void badInputIsAUsageError() throws IOException {
        Path out = dir.resolve("bad.json");
        Path notJfr = Files.writeString(dir.resolve("not.jfr"), "hello");
        assertUsage("no such recording", "perfetto", dir.resolve("missing.jfr").toString(), "-o", out.toString());
        assertUsage("not a readable JFR recording", "perfetto", notJfr.toString(), "-o", out.toString());
        assertUsage("no recorded collection matches GC 99", "perfetto", jfr.toString(), "-o", out.toString(),
                "--gcs", "99");
        assertUsage("--gcs takes N or N-M", "perfetto", jfr.toString(), "-o", out.toString(), "--gcs", "2-x");
        assertUsage("is empty", "perfetto", jfr.toString(), "-o", out.toString(), "--gcs", "3-2");
        assertUsage("--every must be at least 1", "perfetto", jfr.toString(), "-o", out.toString(), "--every", "0");
        assertUsage("--min-dur takes microseconds", "perfetto", jfr.toString(), "-o", out.toString(),
                "--min-dur", "-1");
        assertUsage("is also an input or output of this command", "perfetto", jfr.toString(), "-o", jfr.toString());
        assertUsage("give --perfetto OUT too", "run", "--workload", "linkedlist", "--scale", "0.01", "--min-dur", "5");
        assertFalse(Files.exists(out));
    }

    private static void assertUsage(String message, String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(ExitCodes.USAGE, r.code(), r.out() + r.err());
        assertTrue(r.err().startsWith("jmmtk: ") && r.err().contains(message), r.err());
    }
}
