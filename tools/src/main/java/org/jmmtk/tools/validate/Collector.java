package org.jmmtk.tools.validate;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.serial.SerialGcStats;

/**
 * What one collector did, in the figures the comparison uses: young and full collection counts, the
 * bytes each young collection promoted and left in the survivor space, and the tenured generation's
 * bytes at the end. Made from a HotSpot log or from a jmmtk replay on {@code serial}. A figure a side
 * does not report is -1.
 */
public record Collector(int youngGcs, int fullGcs, long[] promoted, long[] survivors, int[] thresholds,
                        long tenuredAtEnd, long wallNanos) {
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

    /**
     * jmmtk's figures from a replay on {@code serial}. A young collection the plan did not attempt (HotSpot's
     * promotion-safety rule sent it to a full one) is not counted, as the log reader does not count HotSpot's.
     */
    public static Collector of(RunResult r) {
        List<SerialGcStats> young = new ArrayList<>();
        long tenured = 0;
        for (GcRecord c : r.collections()) {
            SerialGcStats s = SerialGcStats.of(c);
            if (s.young() && s.attempted()) {
                young.add(s);
            }
            tenured = s.oldUsedBytes();
        }
        long[] promoted = new long[young.size()];
        long[] survivors = new long[young.size()];
        int[] thresholds = new int[young.size()];
        for (int i = 0; i < young.size(); i++) {
            promoted[i] = young.get(i).bytesPromoted();
            survivors[i] = young.get(i).survivorBytes();
            thresholds[i] = young.get(i).tenuringThreshold();
        }
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
