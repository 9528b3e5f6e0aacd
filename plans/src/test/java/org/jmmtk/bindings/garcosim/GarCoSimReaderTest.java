package org.jmmtk.bindings.garcosim;

import static org.jmmtk.bindings.trace.TraceFiles.assertTraceError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jmmtk.bindings.trace.RecordingEvents;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFiles;
import org.jmmtk.bindings.trace.TraceStats;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GarCoSim records become the expected jmmtk events, and malformed or inconsistent ones name {@code file:line}. */
class GarCoSimReaderTest {
    @TempDir
    Path dir;

    private Path trace(String... lines) throws IOException {
        return TraceFiles.write(dir, "g.trace", lines);
    }

    private static List<String> events(Path file) throws IOException {
        RecordingEvents events = new RecordingEvents();
        new GarCoSimReader(file).replay(events);
        return events.events();
    }

    @Test
    void recordsTranslateToEvents() throws IOException {
        Path file = trace(
                "a T3 O7 S40 N2 C9",
                "+ T3 O7",
                "a T3 O8 S24 N0",
                "+ T3 O8",
                "w T3 P7 #1 O8 F2 S8 V0",
                "- T3 O7",
                "+ T3 O8",
                "c T3 C9 F4 O8 S8 V0",
                "c T3 C9 F5 O7",
                "c T0 C9 F4 O0",
                "r T3 O7 F2 S8 V0");
        assertEquals(List.of(
                "A 3 7 40 2 9",
                "R 3 0 7",
                "A 3 8 24 0 0",
                "R 3 1 8",
                "W 3 7 1 8",
                "R 3 0 0",
                "R 3 0 8",
                "G 0 8",
                "G 1 7",
                "G 0 0"), events(file));
    }

    @Test
    void replayingTwiceGivesTheSameEvents() throws IOException {
        Path file = trace("a T1 O1 S16 N0", "+ T1 O1", "- T1 O1", "+ T1 O1");
        GarCoSimReader reader = new GarCoSimReader(file);
        RecordingEvents first = new RecordingEvents();
        reader.replay(first);
        RecordingEvents second = new RecordingEvents();
        reader.replay(second);
        assertEquals(List.of("A 1 1 16 0 0", "R 1 0 1", "R 1 0 0", "R 1 0 1"), first.events());
        assertEquals(first.events(), second.events());
        assertEquals(1.0, reader.progress());
    }

    @Test
    void removingARootTheThreadDoesNotHoldIsAnError() throws IOException {
        Path file = trace("a T1 O1 S16 N0", "+ T1 O1", "- T1 O1", "- T1 O1");
        assertTraceError(file, 4, "thread 1 removes a root to object 1, which it does not hold",
                () -> GarCoSimTraces.stats(file));
    }

    @Test
    void removingAnotherThreadsRootIsAnError() throws IOException {
        Path file = trace("a T1 O1 S16 N0", "+ T1 O1", "", "- T2 O1");
        assertTraceError(file, 4, "thread 2 removes a root to object 1, which it does not hold",
                () -> GarCoSimTraces.stats(file));
    }

    @Test
    void unknownRecordIsAnError() throws IOException {
        Path file = trace("a T1 O1 S16 N0", "+ T1 O1", "q T1 O1");
        assertTraceError(file, 3, "unknown GarCoSim record 'q'", () -> GarCoSimTraces.stats(file));
    }

    @Test
    void missingFieldIsAnError() throws IOException {
        Path file = trace("a T1 O1 N0");
        assertTraceError(file, 1, "record 'a' lacks its S field", () -> GarCoSimTraces.stats(file));
    }

    @Test
    void missingSlotFieldIsAnError() throws IOException {
        Path file = trace("a T1 O1 S32 N1", "w T1 P1 O1");
        assertTraceError(file, 2, "record 'w' lacks its # field", () -> GarCoSimTraces.stats(file));
    }

    @Test
    void nonNumericFieldIsAnError() throws IOException {
        Path file = trace("a T1 O1 S16 N0", "a T1 Oabc S16 N0");
        assertTraceError(file, 2, "field 'Oabc' is not a letter and a non-negative number",
                () -> GarCoSimTraces.stats(file));
    }

    @Test
    void negativeFieldIsAnError() throws IOException {
        Path file = trace("a T1 O1 S-16 N0");
        assertTraceError(file, 1, "field 'S-16' is not a letter and a non-negative number",
                () -> GarCoSimTraces.stats(file));
    }

    @Test
    void sizeZeroIsAnError() throws IOException {
        Path file = trace("a T1 O1 S16 N0", "a T1 O2 S0 N0");
        assertTraceError(file, 2, "size 0 is out of range 1.." + ObjectModel.MAX_TRACE_BYTES,
                () -> GarCoSimTraces.stats(file));
    }

    @Test
    void objectIdZeroIsAnError() throws IOException {
        Path file = trace("a T1 O0 S16 N0");
        assertTraceError(file, 1, "object id 0 is out of range 1.." + ObjectModel.MAX_OBJECT_ID,
                () -> GarCoSimTraces.stats(file));
    }

    @Test
    void tooManyReferenceSlotsAreAnError() throws IOException {
        int slots = ObjectModel.MAX_REF_SLOTS + 1;
        Path file = trace("a T1 O1 S16 N" + slots);
        assertTraceError(file, 1, "reference slot count " + slots + " is out of range 0.." + ObjectModel.MAX_REF_SLOTS,
                () -> GarCoSimTraces.stats(file));
    }

    @Test
    void storeIntoObjectNeverAllocatedIsLocated() throws IOException {
        Path file = trace("a T1 O1 S32 N1", "+ T1 O1", "w T1 P2 #0 O1");
        assertTraceError(file, 3, "store into object 2, which was never allocated",
                () -> GarCoSimTraces.stats(file));
    }

    @Test
    void inconsistencyFoundByReplayIsLocated() throws IOException {
        Path file = trace("a T1 O1 S32 N1", "+ T1 O1", "w T1 P1 #1 O1");
        assertTraceError(file, 3, "slot 1 is out of range: object 1 has 1 reference slots",
                () -> GarCoSimTraces.run("marksweep", new GarCoSimReader(file)));
    }

    @Test
    void missingFileIsAnError() {
        Path file = dir.resolve("absent.trace");
        TraceException e = assertThrows(TraceException.class, () -> new GarCoSimReader(file));
        assertEquals(file + ": no such trace file", e.getMessage());
    }

    @Test
    void statsCountTranslatedRecords() throws IOException {
        Path file = trace("a T1 O1 S32 N1", "a T2 O2 S100 N0", "+ T1 O1", "w T1 P1 #0 O2", "c T2 C1 F1 O2",
                "r T1 O1", "- T1 O1");
        TraceStats.Summary s = GarCoSimTraces.stats(file);
        assertEquals(6, s.records());
        assertEquals(2, s.objects());
        assertEquals(132, s.bytesAllocated());
        assertEquals(2, s.threads());
        assertEquals(1, s.reachableObjects());
        assertEquals(100, s.reachableBytes());
    }
}
