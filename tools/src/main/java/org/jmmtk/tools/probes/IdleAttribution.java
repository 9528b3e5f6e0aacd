package org.jmmtk.tools.probes;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jmmtk.scheduler.Stage;

/**
 * Where each GC worker's time went during one collection (its pause): running packets, or idle for one
 * of these reasons, judged from the packet the worker ran after each gap:
 * <ul>
 * <li>{@code beforeFirst}: from the start of the collection to the worker's first packet (all of it for
 *     a worker that ran none);</li>
 * <li>{@code bucket}: waiting for a bucket to open, when the next packet came from a bucket that opened
 *     during the gap (up to the opening);</li>
 * <li>{@code starvation}: no work the worker could take anywhere: the next packet did not exist yet, or,
 *     after the worker's last packet, other workers were still running theirs;</li>
 * <li>{@code stealing}: the next packet was stolen and already existed: from its creation (or the start
 *     of the gap) to the steal;</li>
 * <li>{@code wakeup}: the next packet came from a bucket or the worker's own queue and already existed:
 *     the time a parked worker took to wake and find it;</li>
 * <li>{@code termination}: from the end of the collection's last packet to the end of the pause.</li>
 * </ul>
 * Recordings without creation times estimate a packet's creation from its parent (see
 * {@link GcGraph#created}). Immutable.
 */
public final class IdleAttribution {
    /** The reasons, in report order. */
    public enum Reason {
        BEFORE_FIRST("beforeFirst"), BUCKET("bucket"), STARVATION("starvation"), STEALING("stealing"),
        WAKEUP("wakeup"), TERMINATION("termination");

        public final String label;

        Reason(String label) {
            this.label = label;
        }
    }

    private final long pause;
    private final long[] busy;
    private final long[][] idle;

    /** Attributes the idle time of workers 0..workers-1 during {@code g}; {@code buckets} may hold other GCs' openings. */
    public IdleAttribution(GcGraph g, List<ProbeEvents.Bucket> buckets, int workers) {
        long gcStart = g.gc().start();
        long gcEnd = g.gc().end();
        pause = gcEnd - gcStart;
        busy = new long[workers];
        idle = new long[workers][Reason.values().length];
        long[] opened = new long[Stage.values().length];
        for (ProbeEvents.Bucket b : buckets) {
            Stage s = Stage.ofLabel(b.stage());
            if (b.gc() == g.gc().gc() && s != null && b.time() >= gcStart && b.time() <= gcEnd) {
                opened[s.ordinal()] = b.time();
            }
        }
        long lastEnd = gcStart;
        List<List<Integer>> byWorker = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            byWorker.add(new ArrayList<>());
        }
        List<ProbeEvents.Packet> packets = g.packets();
        for (int i = 0; i < packets.size(); i++) {
            ProbeEvents.Packet p = packets.get(i);
            lastEnd = Math.max(lastEnd, p.end());
            if (p.worker() >= 0 && p.worker() < workers) {
                byWorker.get(p.worker()).add(i);
            }
        }
        for (int w = 0; w < workers; w++) {
            List<Integer> mine = byWorker.get(w);
            mine.sort(Comparator.comparingLong(i -> packets.get(i).start()));
            long at = gcStart;
            boolean first = true;
            for (int i : mine) {
                ProbeEvents.Packet p = packets.get(i);
                long start = clamp(p.start(), at, gcEnd);
                if (first) {
                    add(w, Reason.BEFORE_FIRST, start - at);
                    first = false;
                } else {
                    gap(w, at, start, g, i, opened);
                }
                long end = clamp(p.end(), start, gcEnd);
                busy[w] += end - start;
                at = end;
            }
            if (first) {
                add(w, Reason.BEFORE_FIRST, gcEnd - gcStart);
            } else {
                long othersDone = clamp(lastEnd, at, gcEnd);
                add(w, Reason.STARVATION, othersDone - at);
                add(w, Reason.TERMINATION, gcEnd - othersDone);
            }
        }
    }

    private void gap(int w, long from, long to, GcGraph g, int next, long[] opened) {
        ProbeEvents.Packet p = g.packets().get(next);
        Stage stage = Stage.ofLabel(p.stage());
        long open = stage == null || stage == Stage.UNCONSTRAINED ? 0 : opened[stage.ordinal()];
        long available = clamp(Math.max(g.created(next), open), from, to);
        add(w, "steal".equals(p.source()) ? Reason.STEALING : Reason.WAKEUP, to - available);
        if (open > from && open <= to) {
            long bucketEnd = Math.min(open, available);
            add(w, Reason.BUCKET, bucketEnd - from);
            add(w, Reason.STARVATION, available - bucketEnd);
        } else {
            add(w, Reason.STARVATION, available - from);
        }
    }

    private static long clamp(long t, long lo, long hi) {
        return Math.max(lo, Math.min(hi, t));
    }

    private void add(int w, Reason r, long nanos) {
        idle[w][r.ordinal()] += Math.max(0, nanos);
    }

    public long pauseNanos() {
        return pause;
    }

    public int workers() {
        return busy.length;
    }

    public long busyNanos(int worker) {
        return busy[worker];
    }

    public long idleNanos(int worker, Reason reason) {
        return idle[worker][reason.ordinal()];
    }
}
