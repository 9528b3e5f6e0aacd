package org.jmmtk.tools.probes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.tools.JsonTree;
import org.jmmtk.tools.model.PacketGraph;
import org.jmmtk.tools.model.WorkSpan;
import org.junit.jupiter.api.Test;

/**
 * {@link FastestGraph#acrossCollections} on synthetic recordings of several collections with the same spawn
 * tree, recorded in different orders by different workers under different ids: every packet gets its least
 * cost over the collections, so a stall that inflates packets in one collection moves the per-collection and
 * median work / span but not the least-cost bound of {@code probes --report scalability}.
 */
class FastestGraphTest {
    private static final int COLLECTIONS = 5;
    private static final int CHILDREN = 4;
    private static final int GRANDCHILDREN = 3;

    /** One packet as the generator lays it out: its place, worker, cost and spawn offset into its parent. */
    private record Spec(String type, String stage, int parent, int worker, long cpu, long spawnCpu) {
    }

    /**
     * The tree of one collection, parents first: Prepare, then a ProcessEdges root spawning {@link #CHILDREN}
     * ProcessEdges, each spawning {@link #GRANDCHILDREN}, then Release. Costs depend on the place only.
     */
    private static List<Spec> tree(int collection) {
        List<Spec> s = new ArrayList<>();
        s.add(new Spec("Prepare", "Prepare", -1, 0, 200, -1));
        s.add(new Spec("ProcessEdges", "Closure", -1, 0, 1_000, -1));
        for (int j = 0; j < CHILDREN; j++) {
            s.add(new Spec("ProcessEdges", "Closure", 1, 0, 2_000 + 300L * j, 100L * (j + 1)));
        }
        for (int j = 0; j < CHILDREN; j++) {
            for (int m = 0; m < GRANDCHILDREN; m++) {
                // children run on either worker, depending on the collection
                s.add(new Spec("ProcessEdges", "Closure", 2 + j, (collection + j) % 2, 500 + 100L * j + 40L * m,
                        50L * (m + 1)));
            }
        }
        s.add(new Spec("Release", "Release", -1, 0, 300, -1));
        return s;
    }

    /**
     * A recording of {@link #COLLECTIONS} collections; packet i of collection c costs its place's cost times
     * {@code scale[c][i]}, plus {@code noise[c][i]}. Odd collections are recorded with each level's packets in
     * reverse order, and ids restart at a collection-dependent sequence per worker, as {@code GCWorker} gives
     * them ((worker + 1) << 40 | sequence).
     */
    private static ProbeEvents recording(long[][] scale, long[][] noise) {
        ProbeEvents e = new ProbeEvents();
        for (int c = 0; c < COLLECTIONS; c++) {
            List<Spec> specs = tree(c);
            int n = specs.size();
            long[] ids = new long[n];
            long[] sequence = {1_000L * c, 5_000L * c};
            for (int i = 0; i < n; i++) {
                Spec s = specs.get(i);
                // a child is created by its parent's worker
                int creator = s.parent() < 0 ? s.worker() : specs.get(s.parent()).worker();
                ids[i] = ((long) (creator + 1) << 40) | ++sequence[creator];
            }
            List<Integer> order = new ArrayList<>();
            int[][] levels = {{0, 1}, range(2, 2 + CHILDREN), range(2 + CHILDREN, n - 1), {n - 1}};
            for (int[] level : levels) {
                for (int k = 0; k < level.length; k++) {
                    order.add(level[c % 2 == 0 ? k : level.length - 1 - k]);
                }
            }
            long base = 1_000_000_000L * c;
            e.gcs.add(new ProbeEvents.Gc(c + 1, "marksweep", "full", "test", base, base + 100_000_000L));
            long at = base;
            for (int i : order) {
                Spec s = specs.get(i);
                long cpu = s.cpu() * scale[c][i] + noise[c][i];
                long parent = s.parent() < 0 ? 0 : ids[s.parent()];
                e.packets.add(new ProbeEvents.Packet(c + 1, s.type(), s.worker(), s.stage(), ids[i], parent, "local",
                        at, at + cpu, s.worker(), s.spawnCpu(), 0, cpu, s.spawnCpu()));
                at += cpu;
            }
        }
        return e;
    }

    private static int[] range(int from, int to) {
        int[] r = new int[to - from];
        for (int i = 0; i < r.length; i++) {
            r[i] = from + i;
        }
        return r;
    }

    private static int size() {
        return tree(0).size();
    }

    /** Noise that leaves each packet undisturbed in at least one collection. */
    private static long[][] noise(long seed) {
        Random r = new Random(seed);
        long[][] noise = new long[COLLECTIONS][size()];
        for (int c = 0; c < COLLECTIONS; c++) {
            for (int i = 0; i < size(); i++) {
                noise[c][i] = (i + c) % 3 == 0 ? 0 : r.nextInt(400);
            }
        }
        return noise;
    }

    private static long[][] ones() {
        long[][] scale = new long[COLLECTIONS][size()];
        for (long[] s : scale) {
            java.util.Arrays.fill(s, 1);
        }
        return scale;
    }

    /** The undisturbed graph, built directly from the places' costs. */
    private static WorkSpan undisturbed() {
        PacketGraph.Builder b = new PacketGraph.Builder();
        for (Spec s : tree(0)) {
            b.add(s.type(), Stage.ofLabel(s.stage()).ordinal(), s.cpu(), s.parent(), s.spawnCpu());
        }
        return new WorkSpan(b.build());
    }

    @Test
    void eachPacketTakesItsLeastCostOverTheCollections() {
        WorkSpan expected = undisturbed();
        for (long seed = 1; seed <= 20; seed++) {
            List<GcGraph> graphs = GcGraph.of(recording(ones(), noise(seed)));
            List<PacketGraph> least = FastestGraph.acrossCollections(graphs);
            assertEquals(COLLECTIONS, least.size());
            for (int c = 0; c < COLLECTIONS; c++) {
                WorkSpan ws = new WorkSpan(least.get(c));
                WorkSpan recorded = new WorkSpan(graphs.get(c).graph());
                assertEquals(expected.work(), ws.work(), "seed " + seed + ", gc " + (c + 1));
                assertEquals(expected.span(), ws.span(), "seed " + seed + ", gc " + (c + 1));
                assertEquals(expected.span(Stage.CLOSURE), ws.span(Stage.CLOSURE));
                assertTrue(ws.work() <= recorded.work() && ws.span() <= recorded.span());
            }
        }
    }

    @Test
    void aStallInOneCollectionDoesNotMoveTheLeastCostBound() throws IOException {
        long[][] noise = noise(7);
        long[][] stalled = ones();
        // gc 2 and gc 4: the closure's root and one whole subtree, the critical path, 40 times as long
        for (int c : new int[] {1, 3}) {
            stalled[c][1] = 40;
            stalled[c][2 + CHILDREN - 1] = 40;
            for (int m = 0; m < GRANDCHILDREN; m++) {
                stalled[c][2 + CHILDREN + (CHILDREN - 1) * GRANDCHILDREN + m] = 40;
            }
        }
        Map<String, Object> quiet = report(recording(ones(), noise));
        Map<String, Object> stall = report(recording(stalled, noise));
        assertNotEquals(field(quiet, "median", "closureParallelism"), field(stall, "median", "closureParallelism"),
                "the stall moves the median collection's bound");
        for (String f : List.of("workMs", "spanMs", "parallelism", "closureWorkMs", "closureSpanMs",
                "closureParallelism")) {
            assertEquals(field(quiet, "leastCost", f), field(stall, "leastCost", f), f);
        }
        WorkSpan expected = undisturbed();
        assertEquals(expected.parallelism(Stage.CLOSURE), field(stall, "leastCost", "closureParallelism"), 1e-9);
    }

    @Test
    void aPacketInOnlyOneCollectionKeepsItsCost() {
        ProbeEvents e = recording(ones(), new long[COLLECTIONS][size()]);
        long extra = 123_456;
        ProbeEvents.Packet root = e.packets.stream().filter(p -> p.gc() == 3 && p.parent() == 0
                && p.type().equals("ProcessEdges")).findFirst().orElseThrow();
        e.packets.add(new ProbeEvents.Packet(3, "ScanStack", 1, "Closure", (2L << 40) | 99_999, root.id(), "local",
                0, extra, 1, 10, 0, extra, 10));
        List<PacketGraph> least = FastestGraph.acrossCollections(GcGraph.of(e));
        assertEquals(undisturbed().work() + extra, least.get(2).work());
        assertEquals(undisturbed().work(), least.get(0).work());
    }

    private static double field(Map<String, Object> report, String object, String field) {
        @SuppressWarnings("unchecked")
        Map<String, Object> o = (Map<String, Object>) report.get(object);
        return ((Number) o.get(field)).doubleValue();
    }

    private static Map<String, Object> report(ProbeEvents e) throws IOException {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(text)) {
            g.writeStartObject();
            new ScalabilityReport(e).json(g);
            g.writeEndObject();
        }
        return JsonTree.object(text.toString());
    }
}
