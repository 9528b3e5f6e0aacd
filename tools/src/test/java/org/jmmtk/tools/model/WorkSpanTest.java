package org.jmmtk.tools.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
