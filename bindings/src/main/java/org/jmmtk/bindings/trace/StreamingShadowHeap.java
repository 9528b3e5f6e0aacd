package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * The object graph of a trace in bounded memory, for checking and summarising traces of any length
 * ({@code trace import}): primitive maps of ids with sparse root slots (a map entry per non-null root).
 * It makes every check a replay makes that does not depend on where collections fall, by the
 * {@link TraceChecker} every consumer shares, and throws {@link TraceException} otherwise; and it
 * forgets unreachable objects as it goes: whenever its object count has doubled since the last time, it
 * walks the graph and drops what is not reachable (the checker's bit per allocated id tells a dropped
 * object from one never allocated). It collects just before an allocation, where a
 * replay's collector may run, so an object is never dropped between its allocation and the store that
 * links it. Its memory is then proportional to the reachable
 * objects plus that bit table, and a later reference to a dropped object is an error, as in a replay
 * whose collector ran in between. {@link ShadowHeap} keeps everything, for analyses and tests that look
 * at objects after they died. Used by one thread.
 */
public final class StreamingShadowHeap implements TraceEvents {
    private static final long[] NO_SLOTS = new long[0];
    /** Fewest objects a streaming heap holds before it collects (then: twice what the last collection kept). */
    static final int FIRST_COLLECTION = 1 << 16;
    /** The end of the message for a reference to a dropped object (the one check that depends on collections). */
    private static final String DROPPED = ", which was already unreachable earlier in the trace";

    private final Long2ObjectOpenHashMap<long[]> slots = new Long2ObjectOpenHashMap<>();
    private final Long2LongOpenHashMap sizes = new Long2LongOpenHashMap();
    /** Non-null roots: key {@code (area << 20) | slot}, area 0 for globals and thread + 1 for threads. */
    private final Long2LongOpenHashMap roots = new Long2LongOpenHashMap();
    private final TraceChecker checker = new TraceChecker();
    private long allocated;
    private long nextCollection = FIRST_COLLECTION;


    @Override
    public void type(int typeId, String name) {
        // types do not affect reachability
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        checker.alloc(thread, object, bytes, refSlots, typeId);
        if (sizes.size() >= nextCollection) {
            // before the new object exists, as a replay collects in the allocation's slow path
            collectGarbage();
        }
        sizes.put(object, bytes);
        slots.put(object, refSlots == 0 ? NO_SLOTS : new long[refSlots]);
        allocated++;
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        checker.write(thread, source, slot, target);
        long[] s = slots.get(source);
        if (s == null) {
            throw new TraceException("store into object " + source + DROPPED);
        }
        TraceChecker.checkSlot(source, slot, s.length);
        s[slot] = checkTarget(target, "reference to object ");
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
        if (target == 0) {
            roots.remove(key);
        } else {
            roots.put(key, target);
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
        if (target != 0 && !sizes.containsKey(target)) {
            throw new TraceException(what + target + DROPPED);
        }
        return target;
    }

    /** Drops every unreachable object. */
    private void collectGarbage() {
        LongOpenHashSet live = reachable().ids();
        var it = sizes.keySet().iterator();
        while (it.hasNext()) {
            long id = it.nextLong();
            if (!live.contains(id)) {
                it.remove();
                slots.remove(id);
            }
        }
        sizes.trim();
        slots.trim();
        nextCollection = Math.max(FIRST_COLLECTION, 2L * sizes.size());
    }

    /** Objects allocated so far (including those dropped). */
    public long objectCount() {
        return allocated;
    }

    /** Objects held now: those not yet found unreachable. */
    public long heldObjects() {
        return sizes.size();
    }

    /** Walks the graph from every thread and global root. */
    public ShadowHeap.Reachable reachable() {
        LongOpenHashSet seen = new LongOpenHashSet();
        LongArrayList stack = new LongArrayList();
        for (var it = roots.values().iterator(); it.hasNext(); ) {
            long t = it.nextLong();
            if (seen.add(t)) {
                stack.add(t);
            }
        }
        long bytes = 0;
        while (!stack.isEmpty()) {
            long object = stack.removeLong(stack.size() - 1);
            bytes += sizes.get(object);
            for (long t : slots.get(object)) {
                if (t != 0 && seen.add(t)) {
                    stack.add(t);
                }
            }
        }
        return new ShadowHeap.Reachable(seen, bytes);
    }
}
