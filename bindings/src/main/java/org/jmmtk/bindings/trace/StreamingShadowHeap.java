package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;

/**
 * The object graph of a trace in bounded memory, for checking and summarising traces of any length
 * ({@code trace import}): the objects held in parallel arrays (id, size, where their slots start), their
 * reference slots one object's after the other in one array (holding their targets' positions), found through {@link ObjectPositions} (pages indexed by id for dense ids, a hash map
 * for the rest), with sparse root slots (a map entry per non-null root).
 * It makes every check a replay makes that does not depend on where collections fall, by the
 * {@link TraceChecker} every consumer shares, and throws {@link TraceException} otherwise; and it
 * forgets unreachable objects as it goes: whenever its object count has doubled since the last time, it
 * marks the graph from the roots and drops what is not reachable (the checker's bit per allocated id tells a dropped
 * object from one never allocated). It collects just before an allocation, where a
 * replay's collector may run, so an object is never dropped between its allocation and the store that
 * links it. Its memory is then proportional to the reachable
 * objects plus that bit table, and a later reference to a dropped object is an error, as in a replay
 * whose collector ran in between. {@link ShadowHeap} keeps everything, for analyses and tests that look
 * at objects after they died. A collection marks through positions (no map lookup per reference),
 * moves the reachable objects to the front of the arrays and removes the dead from the positions (this
 * check runs beside {@code record}'s writer over every object of a recording, where a hash probe per
 * allocation and reference was the larger part of its time; an array of slots per object made it the
 * driver's largest allocation, most of it kept until the next collection of the check, so the
 * driver's own collector copied and marked millions of them). Used by one thread.
 */
public final class StreamingShadowHeap implements TraceEvents {
    /** Fewest objects a streaming heap holds before it collects (then: twice what the last collection kept). */
    static final int FIRST_COLLECTION = 1 << 16;
    /** The end of the message for a reference to a dropped object (the one check that depends on collections). */
    private static final String DROPPED = ", which was already unreachable earlier in the trace";
    private static final int ABSENT = ObjectPositions.ABSENT;
    /** The most reference slots the held objects may have between them (the largest array). */
    static final int MAX_SLOTS = Integer.MAX_VALUE - 8;

    /** Each held object's position in the arrays below. */
    private final ObjectPositions position = new ObjectPositions();
    private long[] ids = new long[FIRST_COLLECTION];
    private long[] sizes = new long[FIRST_COLLECTION];
    /**
     * Every held object's reference slots, one object's after the other in the order of their positions,
     * as the position of their target plus one (0 for null): one array, not one per object, so that the
     * check allocates nothing per object and its collector's mark reads slots in order.
     */
    private int[] slots = new int[FIRST_COLLECTION];
    /** Where each held object's slots start in {@link #slots}; {@code slotStart[held]} is where the next one's will. */
    private int[] slotStart = new int[FIRST_COLLECTION + 1];
    private boolean[] marked = new boolean[FIRST_COLLECTION];
    /** During a collection, each kept object's new position. */
    private int[] moved = new int[FIRST_COLLECTION];
    private int held;
    /** Non-null roots: key {@code (area << 20) | slot}, area 0 for globals and thread + 1 for threads. */
    private final Long2LongOpenHashMap roots = new Long2LongOpenHashMap();
    private final HeldRoots heldRoots = new HeldRoots();
    private final TraceChecker checker = new TraceChecker();
    /** The mark's stack of positions. */
    private int[] stack = new int[64];
    private int depth;
    private long allocated;
    private long nextCollection = FIRST_COLLECTION;


    @Override
    public void type(int typeId, String name) {
        // types do not affect reachability
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        checker.weakSlot(typeId, slot); // a strong slot here: this heap does no reference processing
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        checker.alloc(thread, object, bytes, refSlots, typeId);
        if (held >= nextCollection) {
            // before the new object exists, as a replay collects in the allocation's slow path
            collectGarbage();
        }
        if (held == ids.length) {
            resize(2 * held);
        }
        int start = slotStart[held];
        if (refSlots > slots.length - start) {
            growSlots(start + (long) refSlots);
        }
        Arrays.fill(slots, start, start + refSlots, 0); // a collection leaves the dropped objects' slots behind
        position.add(object, held);
        ids[held] = object;
        sizes[held] = bytes;
        held++;
        slotStart[held] = start + refSlots;
        allocated++;
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        checker.write(thread, source, slot, target);
        int p = position.get(source);
        if (p == ABSENT) {
            throw new TraceException("store into object " + source + DROPPED);
        }
        int start = slotStart[p];
        TraceChecker.checkSlot(source, slot, slotStart[p + 1] - start);
        slots[start + slot] = target == 0 ? 0 : positionOf(target, "reference to object ") + 1;
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        checker.root(thread, rootSlot, target);
        setRoot(thread + 1L, rootSlot, checkTarget(target, "root reference to object "));
    }

    @Override
    public void global(int rootSlot, long target) {
        checker.global(rootSlot, target);
        setRoot(0, rootSlot, checkTarget(target, "global reference to object "));
    }

    private void setRoot(long area, int rootSlot, long target) {
        long key = (area << 20) | rootSlot;
        long old = target == 0 ? roots.remove(key) : roots.put(key, target);
        if (area > 0) {
            heldRoots.stored((int) (area - 1), old != 0, target != 0);
        }
    }

    /** {@code X}: the thread's root slots must be clear. */
    @Override
    public void threadEnd(int thread) {
        checker.threadEnd(thread);
        if (heldRoots.any(thread)) {
            long first = HeldRoots.lowestKey(roots.keySet(), thread);
            throw TraceChecker.rootHeldAtEnd(thread, (int) (first & TraceFormat.MAX_ROOT_SLOT), roots.get(first));
        }
    }

    @Override
    public void death(long object) {
        checker.death(object);
    }

    @Override
    public void perfectPoint() {
        // no effect on the graph
    }

    @Override
    public void collect() {
        // an explicit request; a streaming heap collects on its own schedule
    }

    /** {@code target}, which the checker found allocated: an error if this heap dropped it. */
    private long checkTarget(long target, String what) {
        if (target != 0) {
            positionOf(target, what);
        }
        return target;
    }

    /** Where non-null {@code target}, which the checker found allocated, is held: an error if this heap dropped it. */
    private int positionOf(long target, String what) {
        int p = position.get(target);
        if (p == ABSENT) {
            throw new TraceException(what + target + DROPPED);
        }
        return p;
    }

    /**
     * Drops every unreachable object: the reachable ones move to the front of the arrays, in their
     * order, and their slots to their targets' new positions (a reachable object's targets are reachable).
     */
    private void collectGarbage() {
        mark();
        int kept = 0;
        int top = 0;
        for (int i = 0; i < held; i++) {
            if (marked[i]) {
                marked[i] = false;
                moved[i] = kept;
                if (kept != i) {
                    position.move(ids[i], kept);
                }
                ids[kept] = ids[i];
                sizes[kept] = sizes[i];
                int start = slotStart[i];
                int n = slotStart[i + 1] - start;
                System.arraycopy(slots, start, slots, top, n); // down or in place: never over slots still to move
                slotStart[kept] = top;
                top += n;
                kept++;
            } else {
                position.remove(ids[i]);
            }
        }
        slotStart[kept] = top;
        for (int k = 0; k < top; k++) {
            if (slots[k] != 0) {
                slots[k] = moved[slots[k] - 1] + 1;
            }
        }
        held = kept;
        nextCollection = Math.max(FIRST_COLLECTION, 2L * held);
        // the arrays grow as objects are allocated; made afresh only when they are four times what the
        // next collection needs: a new set at every collection, each of them a large array, kept the
        // driver's collector marking through record's whole post-pass
        if (ids.length > 2 * nextCollection) {
            resize((int) nextCollection);
        }
    }

    /** Marks (in {@link #marked}) every object reachable from a thread or global root. */
    private void mark() {
        depth = 0;
        for (var it = roots.values().iterator(); it.hasNext(); ) {
            push(position.get(it.nextLong()));
        }
        while (depth > 0) {
            int p = stack[--depth];
            for (int k = slotStart[p], end = slotStart[p + 1]; k < end; k++) {
                if (slots[k] != 0) {
                    push(slots[k] - 1);
                }
            }
        }
    }

    private void push(int p) {
        if (!marked[p]) {
            marked[p] = true;
            if (depth == stack.length) {
                stack = Arrays.copyOf(stack, 2 * depth);
            }
            stack[depth++] = p;
        }
    }

    /** The arrays at {@code capacity} (at least what they hold). */
    private void resize(int capacity) {
        int n = Math.max(capacity, held);
        if (n != ids.length) {
            ids = Arrays.copyOf(ids, n);
            sizes = Arrays.copyOf(sizes, n);
            slotStart = Arrays.copyOf(slotStart, n + 1);
            marked = Arrays.copyOf(marked, n);
            moved = Arrays.copyOf(moved, n);
        }
    }

    /** {@link #slots} with room for at least {@code needed} slots (twice what it held, at most what an array can be). */
    private void growSlots(long needed) {
        if (needed > MAX_SLOTS) {
            throw new TraceException("more than " + MAX_SLOTS + " reference slots in objects held at once; "
                    + "traces that large cannot be checked in one process");
        }
        slots = Arrays.copyOf(slots, (int) Math.min(MAX_SLOTS, Math.max(needed, 2L * slots.length)));
    }

    /** Objects allocated so far (including those dropped). */
    public long objectCount() {
        return allocated;
    }

    /** Objects held now: those not yet found unreachable. */
    public long heldObjects() {
        return held;
    }

    /** Walks the graph from every thread and global root. */
    public ShadowHeap.Reachable reachable() {
        mark();
        LongOpenHashSet seen = new LongOpenHashSet();
        long bytes = 0;
        for (int i = 0; i < held; i++) {
            if (marked[i]) {
                marked[i] = false;
                seen.add(ids[i]);
                bytes += sizes[i];
            }
        }
        return new ShadowHeap.Reachable(seen, bytes);
    }
}
