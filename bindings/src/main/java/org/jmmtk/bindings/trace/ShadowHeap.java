package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;

/**
 * The object graph of a trace kept as plain Java maps of ids, never collected: the independent oracle
 * for reachability. It also checks that every record is consistent (no duplicate ids, no stores into
 * or of objects never allocated, slots in range) and throws {@link TraceException} otherwise. Shares
 * no code with the simulated heap. Used by one thread.
 */
public final class ShadowHeap implements TraceEvents {
    private static final long[] NO_SLOTS = new long[0];

    private final Long2ObjectOpenHashMap<long[]> slots = new Long2ObjectOpenHashMap<>();
    private final Long2LongOpenHashMap sizes = new Long2LongOpenHashMap();
    private final Int2ObjectOpenHashMap<long[]> threadRoots = new Int2ObjectOpenHashMap<>();
    private long[] globalRoots = NO_SLOTS;

    /** What is reachable from the roots. */
    public record Reachable(LongOpenHashSet ids, long bytes) {
        public long objects() {
            return ids.size();
        }
    }

    @Override
    public void type(int typeId, String name) {
        // types do not affect reachability
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        if (sizes.containsKey(object)) {
            throw new TraceException("duplicate object id " + object);
        }
        sizes.put(object, bytes);
        slots.put(object, refSlots == 0 ? NO_SLOTS : new long[refSlots]);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        long[] s = slots.get(source);
        if (s == null) {
            throw new TraceException("store into object " + source + ", which was never allocated");
        }
        if (slot >= s.length) {
            throw new TraceException("slot " + slot + " is out of range: object " + source + " has " + s.length
                    + " reference slots");
        }
        s[slot] = checkTarget(target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        long[] r = threadRoots.get(thread);
        r = grow(r == null ? NO_SLOTS : r, rootSlot);
        r[rootSlot] = checkTarget(target);
        threadRoots.put(thread, r);
    }

    @Override
    public void global(int rootSlot, long target) {
        globalRoots = grow(globalRoots, rootSlot);
        globalRoots[rootSlot] = checkTarget(target);
    }

    @Override
    public void death(long object) {
        if (!sizes.containsKey(object)) {
            throw new TraceException("death of object " + object + ", which was never allocated");
        }
    }

    @Override
    public void perfectPoint() {
        // no effect on the graph
    }

    @Override
    public void collect() {
        // no effect on the graph
    }

    private long checkTarget(long target) {
        if (target != 0 && !sizes.containsKey(target)) {
            throw new TraceException("reference to object " + target + ", which was never allocated");
        }
        return target;
    }

    private static long[] grow(long[] array, int index) {
        return index < array.length ? array : Arrays.copyOf(array, Math.max(index + 1, array.length * 2));
    }

    public long objectCount() {
        return sizes.size();
    }

    /** Trace size of {@code object}, or -1 if it was never allocated. */
    public long sizeOf(long object) {
        return sizes.getOrDefault(object, -1L);
    }

    /** The target ids of {@code object}'s slots (a live view), or null. */
    public long[] slotsOf(long object) {
        return slots.get(object);
    }

    /** Walks the graph from every thread and global root. */
    public Reachable reachable() {
        LongOpenHashSet seen = new LongOpenHashSet();
        LongArrayList stack = new LongArrayList();
        for (long[] roots : threadRoots.values()) {
            push(roots, seen, stack);
        }
        push(globalRoots, seen, stack);
        long bytes = 0;
        while (!stack.isEmpty()) {
            long object = stack.removeLong(stack.size() - 1);
            bytes += sizes.get(object);
            push(slots.get(object), seen, stack);
        }
        return new Reachable(seen, bytes);
    }

    private static void push(long[] targets, LongOpenHashSet seen, LongArrayList stack) {
        for (long t : targets) {
            if (t != 0 && seen.add(t)) {
                stack.add(t);
            }
        }
    }
}
