package org.jmmtk.tools.record;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The heap geometry {@code record} gives the recorded JVM when it also chose its collector ({@link
 * RecordCommand#COLLECTOR}) and the program sizes no part of the heap. The recorder keeps one weak reference
 * per object in its id table, so each young collection of the recording JVM finds about half of its eden
 * reachable (the weak references of every object seen since the last collection, whose referents are
 * mostly dead; the first insertion after the collection drops them). Under the JVM's defaults (adaptive
 * sizing, survivor spaces an eighth of eden) that half overflows the survivors into the old generation,
 * which fills with dead entries and is collected in full: on WordCount 7 young and 3 full collections, a
 * quarter of the recorded JVM's CPU. Here the survivor spaces are as large as eden, so a dead entry is
 * copied once and dropped; whatever lives through a second collection (the table's arrays, the live
 * entries, the program's long-lived data) is promoted then instead of being copied between survivors up
 * to 15 times; and the old generation starts large enough not to need a full collection for it. Sizes
 * are a share of the default maximum heap (a quarter of physical memory), capped, so that a small machine
 * gets a small one; the maximum heap is left as the JVM sets it. The trace does not depend on it (what
 * the program's threads do is recorded, not where the recording JVM keeps it; the start-up probe runs
 * the program's own options); only when the recording JVM clears the JDK's weak references moves, which
 * moves when the recorder first sees a few JDK objects (docs/recording.md measures it). Stateless.
 */
final class RecordingHeap {
    /** Options that size the heap, its generations or tenuring: when the program gives one, record adds none. */
    private static final Pattern SIZES_HEAP = Pattern.compile("-Xm[sxn].*|-XX:(Max|Min|Initial)?(HeapSize|NewSize|"
            + "RAMPercentage|RAMFraction|RAM)=.*|-XX:(NewRatio|(Initial|Min)?SurvivorRatio|(Max|Initial)TenuringThreshold|"
            + "TargetSurvivorRatio)=.*|-XX:[+-](UseAdaptiveSizePolicy|AlwaysTenure|NeverTenure)");
    private static final long MB = 1 << 20;
    /** Largest young generation given: eden a third of it, each survivor a third. */
    private static final long MAX_YOUNG = 1024 * MB;
    /** Largest initial heap given (the old generation starts as what is left of it after the young). */
    private static final long MAX_INITIAL = 2048 * MB;
    /** Below this young generation (a machine of less than 1 GB) the JVM's own defaults are kept. */
    private static final long MIN_YOUNG = 64 * MB;

    private RecordingHeap() {
    }

    /** Whether any of the program's JVM options sizes the heap, a generation or tenuring. */
    static boolean sizesHeap(List<String> options) {
        for (String o : options) {
            if (SIZES_HEAP.matcher(o).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The options for a machine of {@code physicalBytes} of memory (as the JVM sees it, containers
     * included): a young generation of a sixteenth of it (a quarter of the default maximum heap) up to
     * 1 GB, an initial heap of twice that up to 2 GB; none below a 64 MB young generation.
     */
    static List<String> options(long physicalBytes) {
        long maxHeap = physicalBytes / 4;
        long young = Math.min(MAX_YOUNG, maxHeap / 4) / MB * MB;
        if (young < MIN_YOUNG) {
            return List.of();
        }
        long initial = Math.min(MAX_INITIAL, 2 * young);
        return List.of("-XX:-UseAdaptiveSizePolicy", "-Xms" + initial / MB + "m", "-Xmn" + young / MB + "m",
                "-XX:SurvivorRatio=1", "-XX:MaxTenuringThreshold=1");
    }
}
