package org.jmmtk.bindings.lifetimes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jmmtk.bindings.trace.RecordingEvents;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Deaths move to the next granule boundary, sorted by id, followed by a P record; the rest stays put. */
class GranulatorTest {
    @TempDir
    Path dir;

    /** Objects of 40 bytes: check points at 0, 40, 80, 120, 160, 200, 240 bytes, and the end. */
    private static ScriptedTrace perfect() {
        ScriptedTrace t = new ScriptedTrace("perfect");
        t.alloc(0, 5, 40, 0, 0);
        t.alloc(0, 9, 40, 0, 0);
        t.death(9);           // at 80: no boundary (granule 100) before 120
        t.alloc(0, 3, 40, 0, 0);
        t.death(5);           // at 120: the first boundary
        t.alloc(0, 4, 40, 0, 0);
        t.root(0, 0, 4);
        t.death(3);           // at 160
        t.alloc(0, 7, 40, 0, 0);
        t.collect();
        t.alloc(0, 8, 40, 0, 0); // 200: the second boundary
        t.alloc(0, 1, 40, 0, 0); // 240
        t.death(7);           // at the end
        t.death(8);
        return t;
    }

    private List<String> granulate(ScriptedTrace in, long granule) throws IOException {
        RecordingEvents out = new RecordingEvents();
        try (Granulator g = new Granulator(out, granule, dir)) {
            in.replay(g);
            g.finish();
        }
        return out.events();
    }

    @Test
    void delaysDeathsToTheNextBoundaryInIdOrder() throws IOException {
        assertEquals(List.of(
                "A 0 5 40 0 0", "A 0 9 40 0 0", "A 0 3 40 0 0",
                "D 5", "D 9", "P", "A 0 4 40 0 0", "R 0 0 4", "A 0 7 40 0 0", "C",
                "D 3", "P", "A 0 8 40 0 0", "A 0 1 40 0 0",
                "D 7", "D 8"), granulate(perfect(), 100));
    }

    @Test
    void aGranuleOfOneByteKeepsEveryDeathAndMarksEveryAllocation() throws IOException {
        assertEquals(List.of(
                "A 0 5 40 0 0", "P", "A 0 9 40 0 0", "D 9", "P", "A 0 3 40 0 0",
                "D 5", "P", "A 0 4 40 0 0", "R 0 0 4", "D 3", "P", "A 0 7 40 0 0", "C",
                "P", "A 0 8 40 0 0", "P", "A 0 1 40 0 0",
                "D 7", "D 8"), granulate(perfect(), 1));
    }

    @Test
    void aGranuleLongerThanTheTraceMovesEveryDeathToTheEnd() throws IOException {
        List<String> events = granulate(perfect(), 1 << 20);
        assertEquals(List.of("D 3", "D 5", "D 7", "D 8", "D 9"), events.subList(events.size() - 5, events.size()));
        assertEquals(0, events.stream().filter(e -> e.equals("P")).count());
    }

    @Test
    void granulatingDropsTheInputsPointsOfPerfectKnowledge() throws IOException {
        ScriptedTrace fine = new ScriptedTrace("granulated");
        try (Granulator g = new Granulator(fine, 1, dir)) {
            perfect().replay(g);
            g.finish();
        }
        assertEquals(granulate(perfect(), 100), granulate(fine, 100));
    }
}
