package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.util.Arrays;
import org.jmmtk.plugins.merlin.LastReachable;

/**
 * The exact maximum live size of a trace: the maximum, over every allocation, of the bytes reachable
 * from the roots just before it plus the allocated object's size, which is what a perfect collector
 * (one that collects at every allocation) needs. Consistency is checked by the {@link ShadowHeap} it
 * keeps.
 *
 * <p>It finds every object's death time exactly with the Merlin algorithm (Hertz et al.) rather than
 * walking the graph at every allocation. Time is the number of allocations made. Whenever a reference
 * to an object is overwritten or cleared (in a slot or a root), the object is stamped with the time.
 * Every so often (when the objects allocated since the last walk outnumber those then alive) a walk
 * from the roots finds the objects that died since: an object dead at the walk was last reachable at
 * the latest stamp among the dead objects that reach it (itself included), which one depth-first pass
 * over the dead objects in decreasing stamp order assigns. Objects never become reachable again in a
 * valid trace, so an object allocated at time a and dead at time d is reachable just before
 * allocations a+1 to d, and the live size at every allocation is a prefix sum. A store also stamps its
 * source and target, which are reachable at that moment in a valid trace. A trace that uses an object
 * after an allocation at which it was unreachable (which no collector can replay in general) gets that
 * object counted as live from its allocation to its last use, whenever the walks happen: a store that
 * uses an object a walk found dead revives it and the dead objects it reaches. Used by one thread.
 */
public final class MaxLive implements TraceEvents {
    private static final int MIN_WALK_INTERVAL = 4096;

    private final ShadowHeap heap = new ShadowHeap();
    private final int minWalkInterval;
    private int[] stamp = new int[1024];
    private int[] death = new int[1024];
    private int[] marks = new int[1024];
    private long[] delta = new long[1025];
    private int[] pending = new int[1024];
    private int pendingCount;
    private int aliveAtLastWalk;
    private int epoch;
    private int[] stack = new int[256];
    private final LastReachable pass = new LastReachable();
    private Result result;

    public MaxLive() {
        this(MIN_WALK_INTERVAL);
    }

    /** For tests: walks whenever {@code minWalkInterval} objects (or as many as were alive) have been allocated. */
    MaxLive(int minWalkInterval) {
        this.minWalkInterval = minWalkInterval;
    }

    /**
     * The maximum live size and where it occurs.
     *
     * @param bytes                the maximum live size (0 for a trace without allocations)
     * @param allocation           the allocation at which it occurs, counted from 1 (0 if none)
     * @param bytesAllocatedBefore the bytes allocated before that allocation: its time in the GC literature
     */
    public record Result(long bytes, long allocation, long bytesAllocatedBefore) {
    }

    /** Replays {@code source} and returns its maximum live size. */
    public static Result of(TraceSource source) throws IOException {
        MaxLive maxLive = new MaxLive();
        source.replay(maxLive);
        return maxLive.result();
    }

    /** The shadow heap this analysis keeps, e.g. for reachability at the end. */
    public ShadowHeap heap() {
        return heap;
    }

    /** The result; ends the analysis (no more events may follow). */
    public Result result() {
        if (result == null) {
            walk();
            result = scan();
        }
        return result;
    }

    @Override
    public void type(int typeId, String name) {
        heap.type(typeId, name);
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        heap.weakSlot(typeId, slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        if (result != null) {
            throw new IllegalStateException("the maximum live size was already computed");
        }
        if (pendingCount - aliveAtLastWalk >= Math.max(minWalkInterval, aliveAtLastWalk)) {
            walk();
        }
        heap.alloc(thread, object, bytes, refSlots, typeId);
        int i = heap.count();
        if (i >= stamp.length) {
            int capacity = (int) Math.min(Integer.MAX_VALUE - 8, stamp.length * 2L);
            stamp = Arrays.copyOf(stamp, capacity);
            death = Arrays.copyOf(death, capacity);
            marks = Arrays.copyOf(marks, capacity);
            delta = Arrays.copyOf(delta, capacity + 1);
        }
        if (pendingCount == pending.length) {
            pending = Arrays.copyOf(pending, pendingCount * 2);
        }
        pending[pendingCount++] = i;
        stamp[i] = i;
        delta[i + 1] += bytes;
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        int s = heap.checkWrite(thread, source, slot, target);
        int t = heap.indexOf(target);
        stamp(heap.store(used(s), slot, used(t)));
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        stamp(heap.storeRoot(thread, rootSlot, used(heap.checkRoot(thread, rootSlot, target))));
    }

    @Override
    public void threadEnd(int thread) {
        heap.threadEnd(thread);
    }

    @Override
    public void global(int rootSlot, long target) {
        stamp(heap.storeGlobal(rootSlot, used(heap.checkGlobal(rootSlot, target))));
    }

    @Override
    public void death(long object) {
        heap.death(object);
    }

    @Override
    public void perfectPoint() {
        heap.perfectPoint();
    }

    @Override
    public void collect() {
        heap.collect();
    }

    /**
     * Object {@code i} (an index, 0 for null), which a store uses now: stamped with the time (it is
     * reachable now in a valid trace, so this never moves a death time), and revived if a walk found it
     * dead (a wrong trace), so that the result does not depend on when the walks happened.
     */
    private int used(int i) {
        if (i != 0) {
            if (death[i] != 0) {
                revive(i);
            }
            stamp[i] = heap.count();
        }
        return i;
    }

    private void stamp(int old) {
        if (old != 0) {
            stamp[old] = heap.count();
        }
    }

    /** Undoes the death of {@code from} and of the dead objects it reaches: they are in use again. */
    private void revive(int from) {
        death[from] = -death[from];
        int top = push(from, 0);
        while (top > 0) {
            int i = stack[--top];
            delta[-death[i] + 1] += heap.sizeAt(i);
            death[i] = 0;
            stamp[i] = heap.count();
            if (pendingCount == pending.length) {
                pending = Arrays.copyOf(pending, pendingCount * 2);
            }
            pending[pendingCount++] = i;
            for (int s = heap.slotCount(i) - 1; s >= 0; s--) {
                int t = heap.target(i, s);
                if (t != 0 && death[t] > 0) {
                    death[t] = -death[t]; // queued
                    top = push(t, top);
                }
            }
        }
    }

    /**
     * Finds the objects that died since the last walk, assigns their death times (the latest stamp
     * among the dead objects that reach them, by Merlin's backward pass) and keeps the survivors pending.
     */
    private void walk() {
        int e = ++epoch;
        heap.walk(marks, e, i -> { });
        int alive = 0;
        int dead = 0;
        int[] nodes = new int[pendingCount];
        long[] stamps = new long[pendingCount];
        for (int k = 0; k < pendingCount; k++) {
            int i = pending[k];
            if (marks[i] == e) {
                pending[alive++] = i;
            } else {
                nodes[dead] = i;
                stamps[dead++] = stamp[i];
            }
        }
        pendingCount = alive;
        aliveAtLastWalk = alive;
        pass.assign(nodes, stamps, dead, new Dead(e));
    }

    /** The objects the walk of epoch {@code e} did not reach, as the backward pass sees them. */
    private final class Dead implements LastReachable.Graph {
        private final int e;

        Dead(int e) {
            this.e = e;
        }

        @Override
        public int slotCount(int node) {
            return heap.slotCount(node);
        }

        @Override
        public int target(int node, int slot) {
            int t = heap.target(node, slot);
            return t == 0 ? -1 : t;
        }

        /** Assigns death time {@code time} to a dead object without one. */
        @Override
        public boolean claim(int node, long time) {
            if (marks[node] == e || death[node] != 0) {
                return false;
            }
            death[node] = (int) time;
            delta[(int) time + 1] -= heap.sizeAt(node);
            return true;
        }
    }

    private int push(int i, int top) {
        if (top == stack.length) {
            stack = Arrays.copyOf(stack, top * 2);
        }
        stack[top] = i;
        return top + 1;
    }

    /**
     * The maximum live size of each group of objects, by the same definition restricted to the group: the
     * maximum, over the allocations of one of its objects, of the group's bytes reachable just before it
     * plus the allocated object's size (a group's own maximum over time; the groups' maxima need not fall
     * at the same allocation, so they can add up to more than the maximum live size). Ends the analysis.
     *
     * @param group  the group of each allocation, indexed by allocation number from 1 (index 0 unused)
     * @param groups the number of groups; each group is in 0..groups-1
     */
    public long[] maxLiveByGroup(int[] group, int groups) {
        result();
        int n = heap.count();
        // objects linked by death time, so a sweep over allocations drops each after its last one
        int[] firstDead = new int[n + 2];
        int[] nextDead = new int[n + 1];
        for (int i = 1; i <= n; i++) {
            int d = death[i] == 0 ? n : death[i];
            nextDead[i] = firstDead[d];
            firstDead[d] = i;
        }
        long[] live = new long[groups];
        long[] max = new long[groups];
        for (int p = 1; p <= n; p++) {
            int g = group[p];
            live[g] += heap.sizeAt(p);
            max[g] = Math.max(max[g], live[g]);
            for (int i = firstDead[p]; i != 0; i = nextDead[i]) {
                live[group[i]] -= heap.sizeAt(i);
            }
        }
        return max;
    }

    /** The maximum over allocations of the live bytes before it plus its size, from the prefix sums. */
    private Result scan() {
        long live = 0;
        long allocatedBefore = 0;
        Result best = new Result(0, 0, 0);
        for (int p = 1; p <= heap.count(); p++) {
            live += delta[p];
            long size = heap.sizeAt(p);
            if (live + size > best.bytes()) {
                best = new Result(live + size, p, allocatedBefore);
            }
            allocatedBefore += size;
        }
        return best;
    }
}
