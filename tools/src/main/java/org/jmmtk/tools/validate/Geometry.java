package org.jmmtk.tools.validate;

import java.util.List;
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

    private static String kb(long bytes) {
        return (bytes >> 10) + "k";
    }

    /** The old generation's size. */
    public long oldBytes() {
        return heapBytes - youngBytes;
    }
}
