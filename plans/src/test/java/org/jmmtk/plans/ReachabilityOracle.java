package org.jmmtk.plans;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jmmtk.bindings.trace.ForwardingEvents;
import org.jmmtk.bindings.trace.ShadowHeap;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.stats.CycleTotals;
import org.jmmtk.core.stats.GcRecord;

/**
 * The reachable bytes after given numbers of records (type declarations excepted, as the replay counts
 * them) and the bytes allocated by then, by a shadow heap that knows nothing of the plan: the oracle
 * of the concurrent plans' per-cycle metrics ({@code snapshotRecord}, {@code finalMarkRecord}).
 * Single-threaded, used by tests only.
 */
public final class ReachabilityOracle extends ForwardingEvents {
    private final Map<Long, Long> reachable = new HashMap<>();
    private final Map<Long, Long> allocated = new HashMap<>();
    private final ShadowHeap shadow;
    private final Set<Long> points;
    private long records;
    private long bytes;

    private ReachabilityOracle(ShadowHeap shadow, Set<Long> points) {
        super(shadow);
        this.shadow = shadow;
        this.points = points;
    }

    /** Replays {@code trace} into a fresh shadow heap, noting both measures at each of {@code points}. */
    public static ReachabilityOracle at(TraceSource trace, List<Long> points) throws IOException {
        ReachabilityOracle o = new ReachabilityOracle(new ShadowHeap(), new HashSet<>(points));
        o.check();
        trace.replay(o);
        return o;
    }

    /** The oracle at every concurrent cycle's {@code snapshotRecord} and {@code finalMarkRecord} in {@code collections}. */
    public static ReachabilityOracle ofCycles(TraceSource trace, List<GcRecord> collections) throws IOException {
        List<Long> points = new ArrayList<>();
        for (GcRecord r : collections) {
            Map<String, Long> stats = r.planStats();
            if (stats.containsKey(CycleTotals.CYCLE_KEY)) {
                points.add(stats.get("snapshotRecord"));
                points.add(stats.get("finalMarkRecord"));
            }
        }
        return at(trace, points);
    }

    /** Trace bytes reachable from the roots after {@code record} records. */
    public long reachable(long record) {
        return reachable.get(record);
    }

    /** Trace bytes allocated in the first {@code record} records. */
    public long allocated(long record) {
        return allocated.get(record);
    }

    private void check() {
        if (points.contains(records)) {
            reachable.put(records, shadow.reachableBytes());
            allocated.put(records, bytes);
        }
    }

    private void counted() {
        records++;
        check();
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        super.alloc(thread, object, bytes, refSlots, typeId);
        this.bytes += bytes;
        counted();
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        super.write(thread, source, slot, target);
        counted();
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        super.root(thread, rootSlot, target);
        counted();
    }

    @Override
    public void global(int rootSlot, long target) {
        super.global(rootSlot, target);
        counted();
    }

    @Override
    public void death(long object) {
        super.death(object);
        counted();
    }

    @Override
    public void perfectPoint() {
        super.perfectPoint();
        counted();
    }

    @Override
    public void collect() {
        super.collect();
        counted();
    }
}
