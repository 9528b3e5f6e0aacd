package org.jmmtk.tools.validate;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.stats.GcRecord;

/**
 * What one collector did, in the figures the comparison uses: young and full collection counts, the
 * bytes each young collection promoted and left in the survivor space, and the tenured generation's
 * bytes at the end. Made from a HotSpot log or from a jmmtk replay. A figure a side does not report
 * is -1 (jmmtk's plan without survivor spaces has no survivor bytes).
 */
public record Collector(int youngGcs, int fullGcs, long[] promoted, long[] survivors, int[] thresholds,
                        long tenuredAtEnd, long wallNanos) {
    /** The planStats counters of jmmtk's per-collection records read here. */
    static final String PROMOTED = "bytesPromoted";
    static final String SURVIVORS = "survivorBytes";
    static final String THRESHOLD = "tenuringThreshold";
    static final String TENURED = "tenuredBytes";

    /** HotSpot's figures from one run. */
    public static Collector of(HotSpotRun run) {
        List<HotSpotGc> young = run.log().youngCollections();
        long[] promoted = new long[young.size()];
        long[] survivors = new long[young.size()];
        int[] thresholds = new int[young.size()];
        for (int i = 0; i < young.size(); i++) {
            promoted[i] = young.get(i).promotedBytes();
            survivors[i] = young.get(i).survivorBytes();
            thresholds[i] = young.get(i).newThreshold();
        }
        return new Collector(young.size(), run.log().fullCollections().size(), promoted, survivors, thresholds,
                run.log().tenuredAtEnd(), run.wallNanos());
    }

    /** jmmtk's figures from a replay. */
    public static Collector of(RunResult r) {
        List<GcRecord> young = new ArrayList<>();
        for (GcRecord c : r.collections()) {
            if (c.kind().equals(CollectionKind.NURSERY.label)) {
                young.add(c);
            }
        }
        long[] promoted = new long[young.size()];
        long[] survivors = new long[young.size()];
        int[] thresholds = new int[young.size()];
        for (int i = 0; i < young.size(); i++) {
            promoted[i] = young.get(i).planStats().getOrDefault(PROMOTED, -1L);
            survivors[i] = young.get(i).planStats().getOrDefault(SURVIVORS, -1L);
            thresholds[i] = (int) (long) young.get(i).planStats().getOrDefault(THRESHOLD, -1L);
        }
        List<GcRecord> all = r.collections();
        long tenured = all.isEmpty() ? 0 : all.get(all.size() - 1).planStats().getOrDefault(TENURED, -1L);
        return new Collector(young.size(), r.gcCount(CollectionKind.FULL), promoted, survivors, thresholds, tenured,
                r.wallNanos());
    }

    /** Bytes promoted by all young collections (-1 when unknown). */
    public long promotedTotal() {
        return sum(promoted);
    }

    /** The mean of the survivor bytes after each young collection (-1 when unknown, 0 without young collections). */
    public long meanSurvivorBytes() {
        long s = sum(survivors);
        return s < 0 || survivors.length == 0 ? Math.min(s, 0) : s / survivors.length;
    }

    private static long sum(long[] values) {
        long s = 0;
        for (long v : values) {
            if (v < 0) {
                return -1;
            }
            s += v;
        }
        return s;
    }
}
