package org.jmmtk.tools.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jmmtk.scheduler.Stage;
import org.junit.jupiter.api.Test;

class WorkSpanTest {
    @Test
    void aChainIsAllSpan() {
        WorkSpan ws = new WorkSpan(Graphs.chain(10, 1000));
        assertEquals(10_000, ws.work());
        assertEquals(10_000, ws.span());
        assertEquals(1.0, ws.parallelism(), 1e-12);
        assertEquals(10, ws.path().size());
    }

    @Test
    void independentPacketsHaveSpanOfOne() {
        WorkSpan ws = new WorkSpan(Graphs.independent(12, 500));
        assertEquals(6000, ws.work());
        assertEquals(500, ws.span());
        assertEquals(12.0, ws.parallelism(), 1e-12);
        assertEquals(12.0, ws.parallelism(Stage.CLOSURE), 1e-12);
    }

    @Test
    void aChildStartsWhereItsParentSpawnedIt() {
        PacketGraph.Builder b = new PacketGraph.Builder();
        int a = b.add("A", Graphs.CLOSURE, 1000, -1, -1);
        b.add("B", Graphs.CLOSURE, 1000, a, 100);
        b.add("C", Graphs.CLOSURE, 50, a, -1);
        WorkSpan ws = new WorkSpan(b.build());
        assertEquals(1100, ws.span(), "B starts 100 ns into A; C, with no spawn time, when A ends");
        assertEquals(List.of(WorkSpan.Link.START, WorkSpan.Link.SPAWNED),
                ws.path().stream().map(WorkSpan.Step::link).toList());
    }

    @Test
    void aBucketOpensOnlyAfterEveryEarlierPacket() {
        PacketGraph.Builder b = new PacketGraph.Builder();
        b.add("Long", Graphs.CLOSURE, 3000, -1, -1);
        b.add("Short", Graphs.CLOSURE, 10, -1, -1);
        b.add("Sweep", Graphs.RELEASE, 500, 1, 0);
        WorkSpan ws = new WorkSpan(b.build());
        assertEquals(3500, ws.span(), "the Release packet waits for its bucket, i.e. for the long Closure packet");
        assertEquals(WorkSpan.Link.AFTER_BUCKET_OPEN, ws.path().get(1).link());
        assertEquals(0, ws.path().get(0).packet());
        assertEquals(500, ws.span(Stage.RELEASE));
        assertEquals(3000, ws.span(Stage.CLOSURE));
    }

    @Test
    void childrenThatStartBeforeTheirParentEndsOverlapIt() {
        PacketGraph.Builder b = new PacketGraph.Builder();
        int parent = b.add("Parent", Graphs.CLOSURE, 1000, -1, -1);
        for (int k = 0; k < 10; k++) {
            b.add("Child", Graphs.CLOSURE, 1000, parent, 100L * k);
        }
        WorkSpan ws = new WorkSpan(b.build());
        assertEquals(11_000, ws.work());
        assertEquals(1900, ws.span(), "the last child, spawned 900 ns in, ends 1900 ns after the parent started");
        assertEquals(11_000 / 1900.0, ws.parallelism(), 1e-12);
        assertEquals(List.of(0, 10), ws.path().stream().map(WorkSpan.Step::packet).toList());
        assertEquals(900, ws.path().get(1).start());
    }

    @Test
    void aGrandchildCanStartBeforeItsGrandparentEnds() {
        PacketGraph.Builder b = new PacketGraph.Builder();
        int a = b.add("A", Graphs.CLOSURE, 5000, -1, -1);
        int c = b.add("B", Graphs.CLOSURE, 5000, a, 100);
        b.add("C", Graphs.CLOSURE, 100, c, 200);
        WorkSpan ws = new WorkSpan(b.build());
        assertEquals(5100, ws.span(), "B runs from 100 to 5100, C from 300 to 400");
    }

    @Test
    void theMedianBoundIsTheMedianCollectionsNotTheSums() {
        WorkSpan small = new WorkSpan(Graphs.independent(8, 100));
        WorkSpan medium = new WorkSpan(Graphs.independent(8, 200));
        WorkSpan coldChain = new WorkSpan(Graphs.chain(100, 1000));
        WorkSpan.Medians m = WorkSpan.medians(List.of(small, coldChain, medium), Stage.CLOSURE);
        assertEquals(1600, m.work());
        assertEquals(200, m.span());
        assertEquals(8.0, m.parallelism(), 1e-12);
        long sumWork = small.work() + medium.work() + coldChain.work();
        long sumSpan = small.span() + medium.span() + coldChain.span();
        assertTrue((double) sumWork / sumSpan < 1.1, "the sums let the one long chain set the bound");
        assertEquals(1.0, WorkSpan.medians(List.of(), Stage.CLOSURE).parallelism(), 1e-12);
        WorkSpan.Medians two = WorkSpan.medians(List.of(small, medium), null);
        assertEquals(1200, two.work(), 1e-9);
        assertEquals(150, two.span(), 1e-9);
    }
}
