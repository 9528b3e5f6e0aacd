package org.jmmtk.tools.validate;

import java.util.List;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.plans.serial.Generations;
import org.jmmtk.tools.record.RecordCommand;
import org.jmmtk.core.Options;

/**
 * The heap both collectors get: total heap, young generation (eden and two survivor spaces, as
 * {@code -Xmn}), survivor ratio (eden over one survivor space, as {@code -XX:SurvivorRatio}) and
 * maximum tenuring threshold. Checked before anything runs against what HotSpot refuses or would
 * silently change, so that both collectors see the same sizes.
 */
public record Geometry(long heapBytes, long youngBytes, int survivorRatio, int maxTenuringThreshold,
                       boolean escapeAnalysis) {
    /** HotSpot's space alignment: the young generation's spaces are sized in multiples of it. */
    public static final long ALIGNMENT = 64 << 10;
    /** HotSpot refuses a smaller heap ("Too small maximum heap"). */
    public static final long MIN_HEAP = 2 << 20;
    /** How many times this heap the recorded JVM gets for the program's and the recorder's per-object data. */
    public static final int RECORDING_HEAP_FACTOR = 5;
    /** The recorder's fixed costs (its id table's smallest size, event chunks, start-up). */
    public static final long RECORDER_FIXED_BYTES = 16L << 20;
    /** The oldest age HotSpot's object header can hold. */
    public static final int MAX_THRESHOLD = 15;

    /** Checks the sizes; a size HotSpot refuses or would change is an {@link IllegalArgumentException} naming its option. */
    public Geometry {
        if (heapBytes < MIN_HEAP) {
            throw new IllegalArgumentException("--heap " + Options.formatBytes(heapBytes)
                    + ": HotSpot refuses a heap under 2 MB (Too small maximum heap)");
        }
        if (heapBytes % ALIGNMENT != 0 || youngBytes % ALIGNMENT != 0) {
            throw new IllegalArgumentException((heapBytes % ALIGNMENT != 0 ? "--heap" : "--nursery")
                    + " must be a multiple of 64k, HotSpot's space alignment (it would round it)");
        }
        if (youngBytes < 3 * ALIGNMENT) {
            throw new IllegalArgumentException("--nursery " + Options.formatBytes(youngBytes)
                    + ": HotSpot's young generation holds at least eden and two survivor spaces of 64k each");
        }
        if (youngBytes >= heapBytes) {
            throw new IllegalArgumentException("--nursery " + Options.formatBytes(youngBytes) + " must be smaller than --heap "
                    + Options.formatBytes(heapBytes) + " (HotSpot would shrink it and leave the old generation 64k)");
        }
        if (survivorRatio < 1) {
            throw new IllegalArgumentException("--survivor-ratio " + survivorRatio + ": HotSpot accepts 1 or more");
        }
        if (maxTenuringThreshold < 0 || maxTenuringThreshold > MAX_THRESHOLD) {
            throw new IllegalArgumentException("--max-tenuring-threshold " + maxTenuringThreshold
                    + ": HotSpot's Serial collector ages objects 0 to 15");
        }
    }

    /** The HotSpot options that give the program this heap, with uncompressed oops (jmmtk's object layout). */
    public List<String> hotSpotOptions() {
        return List.of("-XX:+UseSerialGC", "-Xms" + kb(heapBytes), "-Xmx" + kb(heapBytes), "-Xmn" + kb(youngBytes),
                "-XX:SurvivorRatio=" + survivorRatio, "-XX:MaxTenuringThreshold=" + maxTenuringThreshold,
                RecordCommand.UNCOMPRESSED.get(0), RecordCommand.UNCOMPRESSED.get(1),
                escapeAnalysis ? "-XX:+DoEscapeAnalysis" : "-XX:-DoEscapeAnalysis");
    }

    /**
     * The options {@code validate} gives the JVM it records the program in, so that the program runs under
     * about the collections HotSpot's run has: a program that reacts to its collector (a weak cache that
     * misses after a collection cleared it, a {@code WeakHashMap} that expunges stale entries) then does
     * about the work it does there, which a replay cannot redo. HotSpot's collector, young generation and
     * survivor ratio, the JVM's default tenuring threshold (at 0 the recorder's data of every survivor is
     * promoted at once, and Sessions' map, its keys all old, went uncleared), and a fixed heap of
     * {@link #recordingHeapBytes}.
     */
    public List<String> recordingOptions() {
        String heap = kb(recordingHeapBytes());
        return List.of("-XX:+UseSerialGC", "-Xms" + heap, "-Xmx" + heap, "-Xmn" + kb(youngBytes),
                "-XX:SurvivorRatio=" + survivorRatio);
    }

    /**
     * The recorded JVM's heap: {@link #RECORDING_HEAP_FACTOR} times this one, for the program's data and
     * the recorder's per-object data (its id table, about 110 bytes per live object), in an old generation
     * small enough to be collected in full about as often as HotSpot's, which is where a weak referent that
     * reached it is cleared (the factor is measured, not derived: 6 with the fixed costs below on top left
     * WeakCache's cache cleared too rarely, -17% promoted; 6 with them inside had been the best of 5, 6, 8);
     * plus {@link #RECORDER_FIXED_BYTES} for the recorder's fixed costs, which do not shrink with the heap
     * (without them it ran out of memory at small heaps; docs/validation.md, "Recorded in about HotSpot's
     * heap"). The agent's instrumented-class cache is mapped, not in the heap, so the heap does not depend
     * on what earlier recordings on the machine loaded. Rounded up to a megabyte.
     */
    public long recordingHeapBytes() {
        long bytes = heapBytes * RECORDING_HEAP_FACTOR + RECORDER_FIXED_BYTES;
        return (bytes + (1 << 20) - 1) >> 20 << 20;
    }

    /** Eden and one survivor space as HotSpot sizes them for these options (and as serial does). */
    public Generations spaces() {
        return Generations.of(heapBytes, youngBytes, survivorRatio, HeapGeometry.forHeap(heapBytes));
    }

    /**
     * Checks that HotSpot gave the young generation the spaces it was asked for, from a heap print of its
     * run: it silently shrinks the young generation of some small heaps (at {@code -Xmx4m -Xmn1m}: eden
     * 512K and survivors 64K instead of 896K and 64K), which the checks before the run do not foresee, and
     * a replay with the spaces asked for would then compare two different heaps. A {@link
     * IllegalArgumentException} naming {@code --nursery} when they differ.
     */
    public void checkRan(Occupancy heap) {
        Generations asked = spaces();
        if (heap.edenCapacity() != asked.edenBytes() || heap.survivorCapacity() != asked.survivorBytes()) {
            throw new IllegalArgumentException("--nursery " + kb(youngBytes) + ": HotSpot ran the program with eden "
                    + kb(heap.edenCapacity()) + " and survivor spaces of " + kb(heap.survivorCapacity()) + " instead of "
                    + kb(asked.edenBytes()) + " and " + kb(asked.survivorBytes()) + " (it shrinks the young generation "
                    + "of a heap this small); give a larger --heap or a smaller --nursery");
        }
    }

    private static String kb(long bytes) {
        return (bytes >> 10) + "k";
    }

    /** The old generation's size. */
    public long oldBytes() {
        return heapBytes - youngBytes;
    }
}
