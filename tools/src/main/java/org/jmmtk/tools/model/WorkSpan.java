package org.jmmtk.tools.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jmmtk.scheduler.Stage;

/**
 * Work and span of a {@link PacketGraph} (Cilkview's measures): work is the sum of packet durations,
 * span the longest chain of packets linked by "spawned" (a child can start once its parent has run up
 * to the point where it created it) or "bucket opened after" (a packet that waits for its bucket starts
 * after every packet of earlier epochs ended). work / span bounds the speedup of any schedule on any
 * number of workers, as long as packets take as long as they did when recorded. Also per stage epoch,
 * so that the closure's own bound can be read. Immutable.
 */
public final class WorkSpan {
    /** How a packet on the critical path follows the one before it. */
    public enum Link { START, SPAWNED, AFTER_BUCKET_OPEN }

    /** One packet on the critical path. */
    public record Step(int packet, Link link, long start, long end) {
    }

    private final long work;
    private final long span;
    private final long[] epochWork = new long[Stage.values().length];
    private final long[] epochSpan = new long[Stage.values().length];
    private final List<Step> path;

    public WorkSpan(PacketGraph g) {
        int n = g.size();
        long[] start = new long[n];
        long[] end = new long[n];
        int[] pred = new int[n];
        Link[] link = new Link[n];
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        // parents come first in index order and never have a later epoch, so (epoch, index) is topological
        java.util.Arrays.sort(order, (a, b) -> g.epoch(a) != g.epoch(b) ? Integer.compare(g.epoch(a), g.epoch(b))
                : Integer.compare(a, b));
        long barrier = 0;
        int barrierPacket = -1;
        long latest = 0;
        int latestPacket = -1;
        int epoch = -1;
        long[] epochStart = new long[epochSpan.length];
        long[] epochEnd = new long[epochSpan.length];
        long total = 0;
        for (int i : order) {
            if (g.epoch(i) != epoch) {
                epoch = g.epoch(i);
                barrier = latest;
                barrierPacket = latestPacket;
                epochStart[epoch] = barrier;
            }
            long s = 0;
            pred[i] = -1;
            link[i] = Link.START;
            int p = g.parent(i);
            if (p >= 0) {
                s = start[p] + g.spawnAt(i);
                pred[i] = p;
                link[i] = Link.SPAWNED;
            }
            if (g.stage(i) == g.epoch(i) && g.stage(i) != Stage.UNCONSTRAINED.ordinal() && barrier > s) {
                s = barrier;
                pred[i] = barrierPacket;
                link[i] = Link.AFTER_BUCKET_OPEN;
            }
            start[i] = s;
            end[i] = s + g.duration(i);
            total += g.duration(i);
            epochWork[epoch] += g.duration(i);
            epochEnd[epoch] = Math.max(epochEnd[epoch], end[i]);
            if (latestPacket < 0 || end[i] > latest) {
                latest = end[i];
                latestPacket = i;
            }
        }
        for (int e = 0; e < epochSpan.length; e++) {
            epochSpan[e] = Math.max(0, epochEnd[e] - epochStart[e]);
        }
        work = total;
        span = latest;
        List<Step> steps = new ArrayList<>();
        for (int i = latestPacket; i >= 0; i = pred[i]) {
            steps.add(new Step(i, link[i], start[i], end[i]));
        }
        Collections.reverse(steps);
        path = List.copyOf(steps);
    }

    public long work() {
        return work;
    }

    public long span() {
        return span;
    }

    /** work / span: no schedule of these packets is faster than this many times one worker. 1 for an empty graph. */
    public double parallelism() {
        return span == 0 ? 1 : (double) work / span;
    }

    /** Work of the packets in {@code stage}'s epoch (the packets that ran after its bucket opened). */
    public long work(Stage stage) {
        return epochWork[stage.ordinal()];
    }

    /** The longest chain within {@code stage}'s epoch, from its bucket opening. */
    public long span(Stage stage) {
        return epochSpan[stage.ordinal()];
    }

    /** work / span of one epoch; 1 when it did no work. */
    public double parallelism(Stage stage) {
        long s = span(stage);
        return s == 0 ? 1 : (double) work(stage) / s;
    }

    /**
     * The median collection's work and span among {@code collections}, of their {@code stage} epoch or, with
     * a null stage, of whole collections. Their ratio bounds a speedup measured as the ratio of median
     * per-collection times (as {@code sweep} measures it): each collection on N workers takes at least its
     * span, so the median time on N workers is at least the median span, and on one worker it is the
     * median work. A ratio of sums would instead weigh each collection by its size and let one slow
     * collection (the first, cold one) set the bound. Collections without work in the stage are left out.
     */
    public static Medians medians(List<WorkSpan> collections, Stage stage) {
        double[] w = new double[collections.size()];
        double[] s = new double[collections.size()];
        int n = 0;
        for (WorkSpan ws : collections) {
            long work = stage == null ? ws.work() : ws.work(stage);
            if (work > 0) {
                w[n] = work;
                s[n] = stage == null ? ws.span() : ws.span(stage);
                n++;
            }
        }
        return new Medians(median(w, n), median(s, n));
    }

    /** Median work and median span in nanoseconds (0 for no collections). */
    public record Medians(double work, double span) {
        /** work / span, 1 when the span is 0. */
        public double parallelism() {
            return span == 0 ? 1 : work / span;
        }
    }

    private static double median(double[] values, int n) {
        if (n == 0) {
            return 0;
        }
        double[] v = java.util.Arrays.copyOf(values, n);
        java.util.Arrays.sort(v);
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** The critical path, first packet first. */
    public List<Step> path() {
        return path;
    }
}
