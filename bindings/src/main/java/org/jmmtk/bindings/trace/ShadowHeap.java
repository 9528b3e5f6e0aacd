package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * The object graph of a trace kept in plain Java arrays, never collected: the independent oracle for
 * reachability. It also checks that every record is consistent, by the {@link TraceChecker} every
 * consumer of records shares, and throws {@link TraceException} otherwise. Shares no code
 * with the simulated heap. Objects get dense indices 1, 2, 3, ... in allocation order; slots and roots
 * hold indices (0 is null), so analyses such as {@link MaxLive} walk the graph without boxing. While a
 * trace's ids are those indices (as the built-in workloads number their objects), no id map is kept.
 * Root slots are sparse (a map entry per non-null root), so high slot numbers of many threads cost
 * nothing. {@link StreamingShadowHeap} checks traces of any length in bounded memory instead. Used by
 * one thread.
 */
public final class ShadowHeap implements TraceEvents {

    private final TraceChecker checker = new TraceChecker();
    private final Long2IntOpenHashMap index = new Long2IntOpenHashMap();
    private boolean dense = true;
    /** Non-null roots, by {@code (area << 20) | slot}: area 0 for globals, thread + 1 for a thread's. */
    private final Long2IntOpenHashMap roots = new Long2IntOpenHashMap();
    private final HeldRoots held = new HeldRoots();
    private long[] ids = new long[1024];
    private long[] sizes = new long[1024];
    private int[] slotStart = new int[1025];
    private int[] slots = new int[4096];
    private int[] stack = new int[256];
    private int[] marks = new int[1024];
    private int epoch;
    private int count;

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
    public void weakSlot(int typeId, int slot) {
        checker.weakSlot(typeId, slot); // a strong slot here: this heap does no reference processing
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        checker.alloc(thread, object, bytes, refSlots, typeId);
        add(object, bytes, refSlots);
    }

    /** Adds object {@code object}, already checked ({@link TraceChecker#alloc}). */
    void add(long object, long bytes, int refSlots) {
        if (count == Integer.MAX_VALUE - 1 || (long) slotStart[count + 1] + refSlots > Integer.MAX_VALUE - 8) {
            throw new TraceException("too many objects or reference slots for the shadow heap");
        }
        int i = ++count;
        if (i >= ids.length) {
            int capacity = (int) Math.min(Integer.MAX_VALUE - 8, ids.length * 2L);
            ids = Arrays.copyOf(ids, capacity);
            sizes = Arrays.copyOf(sizes, capacity);
            slotStart = Arrays.copyOf(slotStart, capacity + 1);
        }
        int end = slotStart[i] + refSlots;
        if (end > slots.length) {
            slots = Arrays.copyOf(slots, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(end, slots.length * 2L)));
        }
        if (dense && object != i) {
            dense = false;
            for (int k = 1; k < i; k++) {
                index.put(k, k);
            }
        }
        if (!dense) {
            index.put(object, i);
        }
        ids[i] = object;
        sizes[i] = bytes;
        slotStart[i + 1] = end;
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        store(checkWrite(thread, source, slot, target), slot, indexOf(target));
    }

    /** Checks a {@code W} record ({@link TraceChecker}, then the slot); returns the index of its source. */
    int checkWrite(int thread, long source, int slot, long target) {
        checker.write(thread, source, slot, target);
        int s = indexOf(source);
        TraceChecker.checkSlot(source, slot, slotCount(s));
        return s;
    }

    /** Checks an {@code A} record ({@link TraceChecker}); {@link #add} then adds the object. */
    void checkAlloc(int thread, long object, long bytes, int refSlots, int typeId) {
        checker.alloc(thread, object, bytes, refSlots, typeId);
    }

    /** Checks an {@code R} record ({@link TraceChecker}); returns the index of its target (0 for null). */
    int checkRoot(int thread, int rootSlot, long target) {
        checker.root(thread, rootSlot, target);
        return indexOf(target);
    }

    /** Checks a {@code G} record ({@link TraceChecker}); returns the index of its target (0 for null). */
    int checkGlobal(int rootSlot, long target) {
        checker.global(rootSlot, target);
        return indexOf(target);
    }

    /** Stores {@code target} into slot {@code slot} of {@code source} (checked indices); returns the old target. */
    int store(int source, int slot, int target) {
        int at = slotStart[source] + slot;
        int old = slots[at];
        slots[at] = target;
        return old;
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        storeRoot(thread, rootSlot, checkRoot(thread, rootSlot, target));
    }

    /** Stores object {@code t} (an index, checked) into a root slot of {@code thread}; returns the old target. */
    int storeRoot(int thread, int rootSlot, int t) {
        return setRoot(thread + 1L, rootSlot, t);
    }

    @Override
    public void global(int rootSlot, long target) {
        storeGlobal(rootSlot, checkGlobal(rootSlot, target));
    }

    /** Stores object {@code t} (an index, checked) into a global root slot; returns the old target. */
    int storeGlobal(int rootSlot, int t) {
        return setRoot(0, rootSlot, t);
    }

    private int setRoot(long area, int rootSlot, int t) {
        long key = (area << 20) | rootSlot;
        int old = t == 0 ? roots.remove(key) : roots.put(key, t);
        if (area > 0) {
            held.stored((int) (area - 1), old != 0, t != 0);
        }
        return old;
    }

    /** {@code X}: checks the record ({@link TraceChecker}) and that the thread's root slots are all clear. */
    @Override
    public void threadEnd(int thread) {
        checker.threadEnd(thread);
        if (held.any(thread)) {
            long first = HeldRoots.lowestKey(roots.keySet(), thread);
            throw TraceChecker.rootHeldAtEnd(thread, (int) (first & TraceFormat.MAX_ROOT_SLOT), idAt(roots.get(first)));
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
        // no effect on the graph
    }

    public long objectCount() {
        return count;
    }

    /** Distinct threads of the records so far. */
    public int threads() {
        return checker.threads();
    }

    /** Trace size of {@code object}, or -1 if it was never allocated. */
    public long sizeOf(long object) {
        int i = indexOf(object);
        return i == 0 ? -1 : sizes[i];
    }

    /** The target ids of {@code object}'s slots (a copy), or null. */
    public long[] slotsOf(long object) {
        int i = indexOf(object);
        if (i == 0) {
            return null;
        }
        long[] targets = new long[slotCount(i)];
        for (int s = 0; s < targets.length; s++) {
            int t = slots[slotStart[i] + s];
            targets[s] = t == 0 ? 0 : ids[t];
        }
        return targets;
    }

    /** Reference slots of {@code object} (which must have been allocated). */
    public int slotCountOf(long object) {
        return slotCount(indexOf(object));
    }

    /** The id of the object in slot {@code slot} of {@code object} (which must have been allocated), or 0. */
    public long targetOf(long object, int slot) {
        int t = target(indexOf(object), slot);
        return t == 0 ? 0 : ids[t];
    }

    /** Walks the graph from every thread and global root. */
    public Reachable reachable() {
        LongOpenHashSet seen = new LongOpenHashSet();
        long[] bytes = new long[1];
        walk(i -> {
            seen.add(ids[i]);
            bytes[0] += sizes[i];
        });
        return new Reachable(seen, bytes[0]);
    }

    /** The bytes reachable from the roots (the same walk as {@link #reachable}, without collecting ids). */
    public long reachableBytes() {
        long[] bytes = new long[1];
        walk(i -> bytes[0] += sizes[i]);
        return bytes[0];
    }

    private void walk(IntConsumer visitor) {
        if (marks.length <= count) {
            marks = new int[Math.max(count + 1, marks.length * 2)];
            epoch = 0;
        }
        walk(marks, ++epoch, visitor);
    }

    /** Objects allocated so far: indices run from 1 to this. */
    int count() {
        return count;
    }

    /** The trace id of the object at {@code index}. */
    long idAt(int index) {
        return ids[index];
    }

    /** Trace size of the object at {@code index}. */
    long sizeAt(int index) {
        return sizes[index];
    }


    /** The index of the object with trace id {@code id}, or 0. */
    int indexOf(long id) {
        return dense ? (id > 0 && id <= count ? (int) id : 0) : index.get(id);
    }

    int slotCount(int index) {
        return slotStart[index + 1] - slotStart[index];
    }

    /** The index of the object in slot {@code slot} of the object at {@code index} (0 for null). */
    int target(int index, int slot) {
        return slots[slotStart[index] + slot];
    }

    /**
     * Visits every object reachable from the roots once, depth first: sets {@code marks[i] = epoch} and
     * calls {@code visitor} with its index. {@code marks} covers every index and holds no {@code epoch}.
     */
    void walk(int[] marks, int epoch, IntConsumer visitor) {
        int top = 0;
        for (var it = roots.values().iterator(); it.hasNext(); ) {
            int t = it.nextInt();
            if (marks[t] != epoch) {
                marks[t] = epoch;
                top = pushOne(t, top);
            }
        }
        while (top > 0) {
            int i = stack[--top];
            visitor.accept(i);
            top = push(slots, slotStart[i], slotStart[i + 1], marks, epoch, top);
        }
    }

    private int push(int[] targets, int from, int to, int[] marks, int epoch, int top) {
        for (int k = from; k < to; k++) {
            int t = targets[k];
            if (t != 0 && marks[t] != epoch) {
                marks[t] = epoch;
                top = pushOne(t, top);
            }
        }
        return top;
    }

    private int pushOne(int t, int top) {
        if (top == stack.length) {
            stack = Arrays.copyOf(stack, top * 2);
        }
        stack[top] = t;
        return top + 1;
    }
}
