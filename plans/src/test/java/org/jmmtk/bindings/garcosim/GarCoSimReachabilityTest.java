package org.jmmtk.bindings.garcosim;

import static org.jmmtk.bindings.garcosim.GarCoSimTraces.assertReachable;

import java.io.IOException;
import java.nio.file.Path;
import org.jmmtk.bindings.trace.TraceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Small GarCoSim traces leave exactly the expected objects reachable, by trace stats and by replay. */
class GarCoSimReachabilityTest {
    @TempDir
    Path dir;

    private Path trace(String... lines) throws IOException {
        return TraceFiles.write(dir, "g.trace", lines);
    }

    @Test
    void chainIsReachableWhileItsHeadIsRooted() throws IOException {
        assertReachable(trace(
                "a T2 O10 S200 N1 C4",
                "+ T2 O10",
                "a T2 O20 S56 N0 C4",
                "+ T2 O20",
                "w T2 P10 #0 O20 F3 S8 V0",
                "- T2 O20"), 2, 256);
    }

    @Test
    void chainDiesWithItsLastRoot() throws IOException {
        assertReachable(trace(
                "a T2 O10 S200 N1 C4",
                "+ T2 O10",
                "a T2 O20 S56 N0 C4",
                "+ T2 O20",
                "w T2 P10 #0 O20 F3 S8 V0",
                "- T2 O20",
                "- T2 O10"), 0, 0);
    }

    @Test
    void unrootedCycleIsGarbage() throws IOException {
        assertReachable(trace(
                "a T5 O3 S72 N2",
                "+ T5 O3",
                "a T5 O4 S88 N1",
                "+ T5 O4",
                "w T5 P3 #1 O4",
                "w T5 P4 #0 O3",
                "- T5 O3",
                "- T5 O4"), 0, 0);
    }

    @Test
    void cycleWithOneRootIsKeptWhole() throws IOException {
        assertReachable(trace(
                "a T5 O3 S72 N2",
                "+ T5 O3",
                "a T5 O4 S88 N1",
                "+ T5 O4",
                "w T5 P3 #1 O4",
                "w T5 P4 #0 O3",
                "- T5 O3"), 2, 160);
    }

    @Test
    void overwrittenSlotDropsItsOldTarget() throws IOException {
        assertReachable(trace(
                "a T1 O1 S64 N1 C2",
                "+ T1 O1",
                "a T1 O2 S48 N0 C2",
                "+ T1 O2",
                "w T1 P1 #0 O2 F0 S8 V0",
                "- T1 O2",
                "a T1 O3 S40 N0 C2",
                "+ T1 O3",
                "w T1 P1 #0 O3 F0 S8 V0",
                "- T1 O3"), 2, 104);
    }

    @Test
    void staticFieldKeepsObjectsAlive() throws IOException {
        assertReachable(trace(
                "a T1 O1 S64 N1 C2",
                "+ T1 O1",
                "a T1 O2 S48 N0 C2",
                "+ T1 O2",
                "w T1 P1 #0 O2",
                "- T1 O2",
                "c T1 C2 F7 O1 S8 V0",
                "- T1 O1"), 2, 112);
    }

    @Test
    void staticFieldOverwrittenReleasesItsOldValue() throws IOException {
        assertReachable(trace(
                "a T1 O1 S64 N0",
                "+ T1 O1",
                "a T1 O2 S48 N0",
                "+ T1 O2",
                "c T1 C2 F7 O1",
                "c T1 C2 F8 O2",
                "c T3 C2 F7 O2",
                "- T1 O1",
                "- T1 O2"), 1, 48);
    }

    @Test
    void staticFieldClearedByNullStore() throws IOException {
        assertReachable(trace(
                "a T1 O1 S64 N0",
                "+ T1 O1",
                "c T1 C9 F1 O1",
                "- T1 O1",
                "c T1 C9 F1 O0"), 0, 0);
    }

    @Test
    void objectRootedTwiceSurvivesOneRemoval() throws IOException {
        assertReachable(trace(
                "a T4 O8 S32 N0",
                "+ T4 O8",
                "+ T4 O8",
                "- T4 O8"), 1, 32);
    }

    @Test
    void objectRootedTwiceDiesAfterTwoRemovals() throws IOException {
        assertReachable(trace(
                "a T4 O8 S32 N0",
                "+ T4 O8",
                "+ T4 O8",
                "- T4 O8",
                "- T4 O8"), 0, 0);
    }

    @Test
    void rootsOfOtherThreadsCountToo() throws IOException {
        assertReachable(trace(
                "a T1 O1 S24 N0",
                "+ T1 O1",
                "+ T2 O1",
                "- T1 O1",
                "a T2 O2 S40 N0",
                "+ T3 O2"), 2, 64);
    }

    @Test
    void ignoredRecordsAndBlankLinesChangeNothing() throws IOException {
        assertReachable(trace(
                "a T1 O1 S64 N1",
                "+ T1 O1",
                "",
                "r T1 O1 F16 S8 V0",
                "s T1 O1 F16 S8 V0",
                "x T1 O1",
                "   ",
                "a T1 O2 S16 N0",
                "w T1 P1 #0 O2"), 2, 80);
    }
}
