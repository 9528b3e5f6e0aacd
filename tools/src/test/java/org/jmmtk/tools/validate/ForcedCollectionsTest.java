package org.jmmtk.tools.validate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * HotSpot's full collections as points of the program's allocation, on a real JDK 17 log
 * (resources/validate/jdk17-full.log: ten young collections of a full 6,815,744-byte eden, the tenth
 * passed on to the full GC(10), which leaves 1,377,168 bytes in eden; the full GC(11) 5,438,576 bytes
 * later; two more young ones and the program's own {@code System.gc()}, GC(14), at 2,415,248 bytes
 * of eden; 270,576 bytes in eden at exit). The expected figures were added up by hand from the heap
 * prints, not by this code.
 */
class ForcedCollectionsTest {
    private static final long STARTUP = 1_000_000;

    private static SerialGcLog log(String name) throws IOException {
        return SerialGcLog.parse(name, SerialGcLogTest.lines(name));
    }

    @Test
    void pointsAreTheAllocationUpToEachFullCollectionLessStartUp() throws IOException {
        ForcedCollections f = ForcedCollections.of(log("jdk17-full.log"), STARTUP);
        // 10 x 6,815,744 (the passed-on young collection adds nothing), then + 6,815,744 - 1,377,168
        assertArrayEquals(new long[] {68_157_440 - STARTUP, 73_596_016 - STARTUP}, f.points(),
                "the program's System.gc() is not a point");
        assertEquals(89_642_752 + 270_576 - STARTUP, f.allocatedBytes());
        assertEquals("67157440,72596016", f.option());
        assertEquals("67,157,440 and 72,596,016 bytes", f.describe());
    }

    /**
     * resources/validate/jdk17-tlab-full.log: GC(0) to GC(10) each found the 6,815,744-byte eden full (GC(10)
     * passed on to the full GC(11)) and no direct tenured allocation; their TLAB totals left 1,047,320 bytes of
     * it unused (341,512 at GC(0), three threads; 45,408-82,240 at each of the others), which the program never
     * allocated (added up by hand from the log).
     */
    @Test
    void theEdenTlabsLeftUnusedIsNotThePrograms() throws IOException {
        ForcedCollections f = ForcedCollections.of(log("jdk17-tlab-full.log"), STARTUP);
        assertArrayEquals(new long[] {11 * 6_815_744L - 1_047_320 - STARTUP}, f.points());
    }

    @Test
    void aLogWithoutFullCollectionsHasNoPoints() throws IOException {
        ForcedCollections f = ForcedCollections.of(log("jdk17-young.log"), STARTUP);
        assertFalse(f.any());
        assertTrue(f.allocatedBytes() > 0);
    }

    @Test
    void theRecordedJvmGetsAYoungGenerationEightTimesTheAllocationAndAHighMetaspaceThreshold() throws IOException {
        ForcedCollections f = ForcedCollections.of(log("jdk17-full.log"), STARTUP);
        Geometry g = new Geometry(64L << 20, 8L << 20, 8, 0, false);
        long young = ((89_642_752 + 270_576 - STARTUP) * 8 + (1 << 20) - 1) >> 20 << 20;
        assertEquals(young, f.youngBytes());
        assertEquals(young + 2 * g.recordingHeapBytes(), f.heapBytes(g));
        assertEquals(List.of("-XX:+UseSerialGC", "-Xms" + (f.heapBytes(g) >> 10) + "k", "-Xmx" + (f.heapBytes(g) >> 10) + "k",
                "-Xmn" + (young >> 10) + "k", "-XX:MetaspaceSize=512m"), f.recordingOptions(g));
        assertEquals(ForcedCollections.MIN_YOUNG, new ForcedCollections(new long[] {1}, 1000).youngBytes());
    }

    /** The forced collections' heap when it fits in a quarter of the machine, else validate's usual one, said. */
    @Test
    void theRecordingFallsBackToTheUsualHeapWhenTheLargerOneDoesNotFit() throws IOException {
        ForcedCollections f = ForcedCollections.of(log("jdk17-full.log"), STARTUP);
        Geometry g = new Geometry(64L << 20, 8L << 20, 8, 0, false);
        ProgramRecorder.HeapChoice fits = ProgramRecorder.heapChoice(g, f, false, 4 * f.heapBytes(g));
        assertEquals(f.recordingOptions(g), fits.options());
        assertEquals(f.option(), fits.points());
        assertEquals("", fits.note());
        ProgramRecorder.HeapChoice tooLarge = ProgramRecorder.heapChoice(g, f, false, 4 * f.heapBytes(g) - 4);
        assertEquals(g.recordingOptions(), tooLarge.options());
        assertEquals("", tooLarge.points());
        assertTrue(tooLarge.note().contains("is more than a quarter of this machine's memory; recording without them"),
                tooLarge.note());
        ProgramRecorder.HeapChoice own = ProgramRecorder.heapChoice(g, f, true, 4 * f.heapBytes(g));
        assertEquals(List.of("", ""), List.of(own.points(), own.note()), "the program's own heap: no points");
        ProgramRecorder.HeapChoice none = ProgramRecorder.heapChoice(g, ForcedCollections.of(log("jdk17-young.log"), STARTUP),
                false, 4 * f.heapBytes(g));
        assertEquals(g.recordingOptions(), none.options(), "no full collection in HotSpot's run: as before");
        assertEquals("", none.points());
    }
}
