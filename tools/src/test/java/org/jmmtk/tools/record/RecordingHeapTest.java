package org.jmmtk.tools.record;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The recording JVM's heap geometry: when it is given, and its sizes for machines of every size. */
class RecordingHeapTest {
    private static final long MB = 1 << 20;

    @Test
    void anyOptionThatSizesTheHeapOrTenuringLeavesTheJvmsOwn() {
        for (String o : List.of("-Xmx256m", "-Xms1g", "-Xmn8m", "-XX:MaxHeapSize=1g", "-XX:InitialHeapSize=64m",
                "-XX:MinHeapSize=64m", "-XX:NewSize=8m", "-XX:MaxNewSize=8m", "-XX:NewRatio=3", "-XX:SurvivorRatio=6",
                "-XX:InitialSurvivorRatio=6", "-XX:MinSurvivorRatio=4", "-XX:MaxTenuringThreshold=0",
                "-XX:InitialTenuringThreshold=3", "-XX:TargetSurvivorRatio=90", "-XX:MaxRAMPercentage=50",
                "-XX:InitialRAMPercentage=5.5", "-XX:MinRAMPercentage=10", "-XX:MaxRAM=4g", "-XX:MaxRAMFraction=2",
                "-XX:-UseAdaptiveSizePolicy", "-XX:+UseAdaptiveSizePolicy", "-XX:+AlwaysTenure", "-XX:+NeverTenure")) {
            assertTrue(RecordingHeap.sizesHeap(List.of("-ea", o, "-Dx=y")), o);
        }
        for (String o : List.of("-Xss2m", "-XX:+UseParallelGC", "-XX:MaxMetaspaceSize=1g", "-XX:+UseGCOverheadLimit",
                "-XX:-UseCompressedOops", "-Dxmx=-Xmx1g", "-XX:ParallelGCThreads=2", "-XX:+UseAdaptiveSizePolicyFootprintGoal",
                "-XX:SurvivorRatioX=1")) {
            assertFalse(RecordingHeap.sizesHeap(List.of(o)), o);
        }
    }

    @Test
    void theYoungGenerationIsASixteenthOfMemoryUpTo1GbAndTheInitialHeapTwiceIt() {
        assertEquals(List.of("-XX:-UseAdaptiveSizePolicy", "-Xms2048m", "-Xmn1024m", "-XX:SurvivorRatio=1",
                "-XX:MaxTenuringThreshold=1"), RecordingHeap.options(24105 * MB));
        assertEquals(List.of("-XX:-UseAdaptiveSizePolicy", "-Xms1024m", "-Xmn512m", "-XX:SurvivorRatio=1",
                "-XX:MaxTenuringThreshold=1"), RecordingHeap.options(8192 * MB));
        assertEquals(List.of(), RecordingHeap.options(1000 * MB), "below a 64 MB young generation: the JVM's defaults");
        assertEquals(List.of(), RecordingHeap.options(0));
        Random random = new Random(32);
        for (int i = 0; i < 10_000; i++) {
            long memory = (long) (Math.exp(random.nextDouble() * Math.log(1L << 42)));
            List<String> options = RecordingHeap.options(memory);
            if (options.isEmpty()) {
                assertTrue(memory < 1024 * MB, "" + memory);
                continue;
            }
            long initial = Long.parseLong(options.get(1).replaceAll("\\D", "")) * MB;
            long young = Long.parseLong(options.get(2).replaceAll("\\D", "")) * MB;
            long maxHeap = memory / 4;
            assertTrue(young >= 64 * MB && young <= 1024 * MB && young <= maxHeap / 4, memory + ": " + options);
            assertEquals(2 * young, initial, memory + ": " + options);
            assertTrue(initial <= maxHeap, "never above the JVM's default maximum: " + memory + ": " + options);
        }
    }
}
