package org.jmmtk.tools.perfetto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.probes.ProbeEvents;
import org.junit.jupiter.api.Test;

/** Clamping packets that JFR's clock makes overlap, joining edge counts, and fitting refills among packets. */
class PacketIndexTest {
    private static ProbeEvents.Packet packet(long id, int worker, long start, long end) {
        return new ProbeEvents.Packet(1, "P", worker, "Closure", id, 0, "local", start, end, 100 + worker);
    }

    /** Added out of order, as JFR hands them over. */
    private static PacketIndex index() {
        PacketIndex index = new PacketIndex();
        index.add(packet(3, 0, 200, 300));
        index.add(packet(1, 0, 0, 100));
        index.add(packet(2, 0, 99, 150));
        index.add(packet(4, 1, 50, 60));
        index.add(packet(5, 0, 290, 295));
        index.addEdges(new ProbeEvents.Edges(1, 2, 4096, false, 120));
        index.addEdges(new ProbeEvents.Edges(1, 4, 3, true, 55));
        index.finish(2);
        return index;
    }

    @Test
    void packetsOnOneWorkerStartNoEarlierThanThePreviousEnded() {
        PacketIndex index = index();
        int overlapping = index.find(2);
        assertEquals(100, index.spanStart(overlapping));
        assertEquals(150, index.spanEnd(overlapping));
        assertEquals(51, index.duration(overlapping), "the recorded duration is kept for --min-dur");
        int inside = index.find(5);
        assertEquals(300, index.spanStart(inside));
        assertEquals(301, index.spanEnd(inside), "a span lasts at least a nanosecond");
        int otherWorker = index.find(4);
        assertEquals(50, index.spanStart(otherWorker));
        assertEquals(-1, index.find(42));
    }

    @Test
    void edgeCountsJoinTheirPackets() {
        PacketIndex index = index();
        assertEquals(4096, index.edges(index.find(2)));
        assertEquals(false, index.roots(index.find(2)));
        assertEquals(3, index.edges(index.find(4)));
        assertEquals(true, index.roots(index.find(4)));
        assertEquals(PacketIndex.NO_EDGES, index.edges(index.find(1)));
    }

    @Test
    void refillsNestInTheirPacketOrFitBetweenPacketsAndNeverStartWithOne() {
        PacketIndex index = index();
        assertEquals(new PacketIndex.Span(101, 150), index.fit(0, 99, 151), "in packet 2, clamped to 100..150");
        assertEquals(new PacketIndex.Span(210, 220), index.fit(0, 210, 220));
        assertEquals(new PacketIndex.Span(201, 220), index.fit(0, 200, 220), "not at its packet's start");
        assertEquals(new PacketIndex.Span(160, 199), index.fit(0, 160, 205), "between packets 2 and 3");
        assertEquals(new PacketIndex.Span(301, 400), index.fit(0, 300, 400), "after the last packet");
        assertEquals(new PacketIndex.Span(10, 20), index.fit(5, 10, 20), "a worker without packets");
    }

    @Test
    void instantsMoveOffPacketStarts() {
        PacketIndex index = index();
        assertEquals(101, index.besidePacketStarts(0, 100), "packet 2 starts at 100 once clamped");
        assertEquals(99, index.besidePacketStarts(0, 99));
        assertEquals(150, index.besidePacketStarts(0, 150));
        assertEquals(51, index.besidePacketStarts(1, 50));
        assertEquals(7, index.besidePacketStarts(-1, 7), "not a worker");
    }

    @Test
    void aPacketIdTwiceMeansTwoRuns() {
        PacketIndex index = new PacketIndex();
        index.add(packet(1, 0, 0, 10));
        index.add(packet(1, 0, 20, 30));
        assertThrows(UsageException.class, () -> index.finish(1));
    }
}
