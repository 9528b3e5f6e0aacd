package org.jmmtk.tools.option;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;
import org.jmmtk.tools.minheap.MinHeaps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --min-heap-factor F}: the heap is F times what {@code minheap} reports, and the run is the one
 * {@code --heap} of that size gives; the minimum heap is searched once per trace and configuration, reused
 * from {@code <trace>.minheap} while the trace and configuration are unchanged, searched again when either
 * changes; bad usage exits 2 with one line naming the option.
 */
class MinHeapFactorTest {
    private static final String[] RANDOM = {"--workload", "random", "--seed", "6", "--scale", "0.1", "--threads", "1"};
    private static final String SEARCHED = "minimum heap of ";

    @TempDir
    Path dir;

    private static String[] args(String[] source, String... more) {
        String[] all = new String[more.length + source.length];
        System.arraycopy(more, 0, all, 0, more.length);
        System.arraycopy(source, 0, all, more.length, source.length);
        return all;
    }

    @SuppressWarnings("unchecked")
    private static long minheap(String plan, String[] source) throws IOException {
        Cli.Result r = Cli.run(args(source, "minheap", "--plan", plan, "--json"));
        assertEquals(0, r.code(), r.err());
        Map<String, Object> row = (Map<String, Object>) ((List<Object>) JsonTree.object(r.out()).get("plans")).get(0);
        return ((Number) row.get("minHeapBytes")).longValue();
    }

    /** What a run computed: its JSON without timings and without how its heap was chosen. */
    @SuppressWarnings("unchecked")
    private static Object logical(Object json) {
        if (json instanceof Map<?, ?> m) {
            Map<String, Object> out = new java.util.TreeMap<>();
            ((Map<String, Object>) m).forEach((k, v) -> {
                if (!k.endsWith("Ms") && !List.of("mmu", "packets", "steals", "minHeapFactor", "minHeapBytes",
                        "loadAverage", "busyMachine").contains(k)) {
                    out.put(k, logical(v));
                }
            });
            return out;
        }
        if (json instanceof List<?> l) {
            return l.stream().map(MinHeapFactorTest::logical).toList();
        }
        return json;
    }

    @ParameterizedTest
    @ValueSource(strings = {"semispace", "marksweep", "gencopy", "immix", "markcompact"})
    void twiceTheMinimumHeapIsTheRunInTwiceWhatMinheapReports(String plan) throws IOException {
        long min = minheap(plan, RANDOM);
        Cli.Result byFactor = Cli.run(args(RANDOM, "run", "--plan", plan, "--min-heap-factor", "2", "--json"));
        Cli.Result bySize = Cli.run(args(RANDOM, "run", "--plan", plan, "--heap", Long.toString(2 * min), "--json"));
        assertEquals(0, byFactor.code(), byFactor.err());
        assertEquals(0, bySize.code(), bySize.err());
        Map<String, Object> json = JsonTree.object(byFactor.out());
        assertEquals(2 * min, ((Number) json.get("heapBytes")).longValue());
        assertEquals(min, ((Number) json.get("minHeapBytes")).longValue());
        assertEquals(2.0, ((Number) json.get("minHeapFactor")).doubleValue());
        assertEquals(logical(JsonTree.object(bySize.out())), logical(json));
    }

    @Test
    void theTableSaysHowTheHeapWasChosen() throws IOException {
        long min = minheap("semispace", RANDOM);
        Cli.Result r = Cli.run(args(RANDOM, "run", "--plan", "semispace", "--min-heap-factor", "1.5"));
        assertEquals(0, r.code(), r.err());
        String heap = String.format(java.util.Locale.ROOT, "heap %,d bytes = 1.5 x min heap %,d,",
                (long) Math.ceil(1.5 * min), min);
        assertTrue(r.out().lines().findFirst().orElseThrow().contains(heap), r.out());
    }

    @Test
    void traceCacheIsReusedAndSearchedAgainWhenTheKeyOrTheTraceChanges() throws IOException {
        Path trace = dir.resolve("r.trace");
        assertEquals(0, Cli.run("trace", "gen", "random", "--seed", "6", "--scale", "0.1", "-o", trace.toString())
                .code());
        String[] source = {"--trace", trace.toString(), "--threads", "1"};
        Path cache = dir.resolve("r.trace" + MinHeaps.SUFFIX);
        long min = minheap("semispace", source);
        assertFalse(Files.exists(cache), "minheap itself does not cache");

        Cli.Result first = Cli.run(args(source, "run", "--plan", "semispace", "--min-heap-factor", "2"));
        assertEquals(0, first.code(), first.err());
        assertTrue(first.err().contains(SEARCHED + "semispace on " + trace), first.err());
        assertTrue(Files.readString(cache).lines().anyMatch(l -> l.startsWith("semispace/threads=1/") && l.endsWith(" " + min)),
                Files.readString(cache));

        Cli.Result second = Cli.run(args(source, "run", "--plan", "semispace", "--min-heap-factor", "3"));
        assertEquals(0, second.code(), second.err());
        assertFalse(second.err().contains(SEARCHED), "the second run does not search: " + second.err());
        assertTrue(second.out().contains("3 x min heap"), second.out());

        // a doctored entry with the right hash is believed, so it shows that the cache is what is read
        Files.writeString(cache, Files.readString(cache).replace(" " + min + "\n", " 50000\n"));
        assertEquals(100_000L, heap(Cli.run(args(source, "run", "--plan", "semispace", "--min-heap-factor", "2",
                "--json"))));

        // another key: another plan, thread count or geometry is searched and cached beside the first
        for (String[] other : List.of(new String[] {"--plan", "marksweep"}, new String[] {"--plan", "semispace",
                "--page-size", "128"})) {
            Cli.Result r = Cli.run(args(source, args(other, "run", "--min-heap-factor", "2")));
            assertEquals(0, r.code(), r.err());
            assertTrue(r.err().contains(SEARCHED), r.err());
        }
        assertEquals(3, Files.readString(cache).lines().filter(l -> !l.startsWith("#") && !l.startsWith("sha256"))
                .count(), Files.readString(cache));

        // another trace content (the same program in binary): every entry is stale, searched again
        Path binary = dir.resolve("r.jtb");
        assertEquals(0, Cli.run("trace", "convert", trace.toString(), "--binary", "-o", binary.toString()).code());
        Files.move(binary, trace, StandardCopyOption.REPLACE_EXISTING);
        Cli.Result after = Cli.run(args(source, "run", "--plan", "semispace", "--min-heap-factor", "2", "--json"));
        assertTrue(after.err().contains(SEARCHED), after.err());
        assertEquals(2 * min, heap(after));
        try (var files = Files.list(dir)) {
            assertEquals(3, files.count(), "the trace, .maxlive and .minheap; no temporary files left behind");
        }
    }

    private static long heap(Cli.Result r) throws IOException {
        assertEquals(0, r.code(), r.err());
        return ((Number) JsonTree.object(r.out()).get("heapBytes")).longValue();
    }

    @Test
    void sweepRunsEveryThreadCountInTheSameHeap() throws IOException {
        long min = minheap("semispace", RANDOM);
        Cli.Result r = Cli.run("sweep", "--plan", "semispace", "--workload", "random", "--seed", "6", "--scale", "0.1",
                "--threads", "1,2", "--repeat", "1", "--warmup", "0", "--min-heap-factor", "2", "--json");
        assertEquals(0, r.code(), r.err());
        assertEquals(2 * min, ((Number) JsonTree.object(r.out()).get("heapBytes")).longValue());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.5", "0", "-1", "Infinity"})
    void aFactorBelowOneIsBadUsage(String factor) {
        Cli.Result r = Cli.run(args(RANDOM, "run", "--min-heap-factor", factor));
        assertEquals(2, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("jmmtk: --min-heap-factor must be a finite number of at least 1"), r.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--heap=4m", "--heap-factor=3"})
    void withAnotherHeapOptionIsBadUsage(String other) {
        for (String command : List.of("run", "sweep")) {
            Cli.Result r = Cli.run(args(RANDOM, command, "--min-heap-factor", "2", other));
            assertEquals(2, r.code(), command);
            assertEquals(List.of("jmmtk: give either --min-heap-factor or " + other.split("=")[0] + ", not both"),
                    r.errLines());
        }
    }
}
