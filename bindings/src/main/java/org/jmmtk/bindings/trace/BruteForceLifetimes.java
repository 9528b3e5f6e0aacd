package org.jmmtk.bindings.trace;

import java.util.Arrays;
import org.jmmtk.plugins.merlin.DeathSink;

/**
 * Object lifetimes by brute force, the oracle Merlin is checked against: before every allocation, and
 * once at the end of the trace, a walk of the whole graph from the roots finds which objects are no
 * longer reachable; each is reported dead at that check point (see {@link DeathSink}) the first time.
 * The cost is the live objects at every allocation, as the paper says. The graph is a
 * {@link ShadowHeap}, which shares no code with the simulated heap and checks every record (the
 * {@link TraceChecker} a replay uses); on top of those checks, a record that uses an object after a check point found it unreachable (something no
 * program can do, and the paper's assumption) is an error naming the object and where it died.
 * Death records and points of perfect knowledge already in the input are ignored. Used by one thread.
 */
public final class BruteForceLifetimes implements TraceEvents {
    private final ShadowHeap heap = new ShadowHeap();
    private final DeathSink sink;
    private final long firstCheck;
    private int[] marks = new int[1024];
    /** Per object index, the check point at which it died; 0 while alive. */
    private long[] deathPoint = new long[1024];
    private int[] pending = new int[1024];
    private int pendingCount;
    private int epoch;
    private long allocations;
    private boolean ended;

    public BruteForceLifetimes(DeathSink sink) {
        this(sink, 1);
    }

    /**
     * Checks before allocation number {@code firstCheck} (counted from 1) and every one after it, and
     * at the end. Only 1 gives the lifetimes; a later start is for measuring the steady state of a long
     * trace without paying for its beginning (the deaths before it are then reported at it).
     */
    public BruteForceLifetimes(DeathSink sink, long firstCheck) {
        this.sink = sink;
        this.firstCheck = firstCheck;
    }

    /** The check at the end of the trace; ends the analysis. */
    public void finish() {
        if (!ended) {
            ended = true;
            check();
        }
    }

    /** Objects allocated so far. */
    public long allocations() {
        return allocations;
    }

    /** Objects allocated and not yet found unreachable. */
    public int liveObjects() {
        return pendingCount;
    }

    @Override
    public void type(int typeId, String name) {
        // types do not affect reachability
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        heap.weakSlot(typeId, slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        if (ended) {
            throw new IllegalStateException("the lifetimes were already computed");
        }
        heap.checkAlloc(thread, object, bytes, refSlots, typeId);
        check();
        heap.add(object, bytes, refSlots);
        allocations++;
        int i = heap.count();
        if (i >= marks.length) {
            int capacity = (int) Math.min(Integer.MAX_VALUE - 8, marks.length * 2L);
            marks = Arrays.copyOf(marks, capacity);
            deathPoint = Arrays.copyOf(deathPoint, capacity);
        }
        if (pendingCount == pending.length) {
            pending = Arrays.copyOf(pending, pendingCount * 2);
        }
        pending[pendingCount++] = i;
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        int s = alive(heap.checkWrite(thread, source, slot, target), "store into object ");
        heap.store(s, slot, alive(heap.indexOf(target), "reference to object "));
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        heap.storeRoot(thread, rootSlot, alive(heap.checkRoot(thread, rootSlot, target), "root reference to object "));
    }

    @Override
    public void threadEnd(int thread) {
        heap.threadEnd(thread);
    }

    @Override
    public void global(int rootSlot, long target) {
        heap.storeGlobal(rootSlot, alive(heap.checkGlobal(rootSlot, target), "global reference to object "));
    }

    @Override
    public void death(long object) {
        heap.death(object);
    }

    @Override
    public void perfectPoint() {
        // the output's deaths are computed, not copied
    }

    @Override
    public void collect() {
        // reachability is checked at every allocation anyway
    }

    /** Object {@code i} (0 for null), which a record uses: an error if it was found unreachable before. */
    private int alive(int i, String what) {
        if (i != 0 && deathPoint[i] != 0) {
            throw new TraceException(what + heap.idAt(i) + ", which was already unreachable from the roots before "
                    + "allocation number " + (deathPoint[i] + 1) + " (a program cannot use it again)");
        }
        return i;
    }

    /** A check point: walks the graph and reports every pending object it did not reach. */
    private void check() {
        if (pendingCount == 0 || allocations + 1 < firstCheck && !ended) {
            return;
        }
        if (++epoch == Integer.MAX_VALUE) {
            Arrays.fill(marks, 0);
            epoch = 1;
        }
        heap.walk(marks, epoch, i -> { });
        int alive = 0;
        for (int k = 0; k < pendingCount; k++) {
            int i = pending[k];
            if (marks[i] == epoch) {
                pending[alive++] = i;
            } else {
                deathPoint[i] = allocations;
                sink.died(heap.idAt(i), allocations);
            }
        }
        pendingCount = alive;
    }
}
