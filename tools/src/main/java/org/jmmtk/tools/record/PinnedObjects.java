package org.jmmtk.tools.record;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.Arrays;
import org.jmmtk.agent.rt.EventLog;

/**
 * Finds the objects of a recording that need a pin: those the program uses at some point after they
 * became unreachable in the <em>visible</em> graph (frames, fields, statics, as recorded) at a point
 * where a collector could have run (an allocation). Such a use means something the recorder cannot
 * see held the object (the operand stack, native code, a hidden class); a pin from the object's
 * allocation to its last mention makes the trace valid, and changes nothing while the visible graph
 * keeps the object alive anyway, so every other object keeps exactly its visible lifetime.
 * <p>
 * One pass over the events in global order with the visible graph in memory (arrays indexed by object
 * id). Two checks find the uses after death: a use of an object whose count of incoming references
 * (slots, roots, pins) has been zero since before the last allocation is caught at once; an object
 * unreachable only through dead holders (its count is not zero) is caught by a full mark from the roots
 * every {@link #MARK_BYTES} of allocation, which pins every unreachable object that is mentioned later
 * and frees the others. Pins found count as roots from then on, as they will in the written trace.
 * What neither check sees (an object whose holders all died, that was stored again before the next
 * mark) is left to the written trace's own check. Used by one thread.
 */
final class PinnedObjects {
    /** Allocation between two full marks of the visible graph. */
    static final long MARK_BYTES = 1 << 20;
    private static final int[] NO_SLOTS = new int[0];

    private final long[] lastMention;
    private int[][] slots = new int[1024][];
    private int[] count = new int[1024];
    private int[] zeroSince = new int[1024];
    private long[] pins = new long[16];
    private long[] marks = new long[16];
    private int[] live = new int[1024];
    private int liveCount;
    private final Int2ObjectOpenHashMap<int[]> roots = new Int2ObjectOpenHashMap<>();
    private final Int2IntOpenHashMap globals = new Int2IntOpenHashMap();
    private int allocations;
    private long sinceMark;
    private long index;
    private long pinned;
    private int[] stack = new int[1024];

    /** {@code lastMention[id]}: the index of the last event that mentions object {@code id}. */
    PinnedObjects(long[] lastMention) {
        this.lastMention = lastMention;
    }

    /** Whether object {@code id} needs a pin (after all events were seen). */
    boolean pinned(long id) {
        return get(pins, (int) id);
    }

    long count() {
        return pinned;
    }

    /** The next event, in global order (as {@link AgentLog.Visitor}). */
    void event(int thread, int kind, long a, long b, long c) {
        switch (kind) {
            case EventLog.ALLOC -> alloc((int) a, b, (int) (c >>> EventLog.TYPE_BITS));
            case EventLog.WRITE -> {
                int src = (int) a;
                int target = (int) c;
                use(src);
                use(target);
                int[] s = slots[src];
                if (s != null && b < s.length) {
                    int old = s[(int) b];
                    s[(int) b] = target;
                    add(target);
                    remove(old);
                }
                release(src);
                if (target != src) {
                    release(target);
                }
            }
            case EventLog.ROOT -> {
                int target = (int) b;
                use(target);
                int[] r = roots.get(thread);
                if (r == null || a >= r.length) {
                    r = Arrays.copyOf(r == null ? NO_SLOTS : r, (int) Math.max(a + 1, 2L * (r == null ? 8 : r.length)));
                    roots.put(thread, r);
                }
                int old = r[(int) a];
                r[(int) a] = target;
                add(target);
                remove(old);
                release(target);
            }
            case EventLog.GLOBAL -> {
                int target = (int) b;
                use(target);
                int old = globals.put((int) a, target);
                add(target);
                remove(old);
                release(target);
            }
            default -> {
                // the log reader rejects unknown kinds
            }
        }
        index++;
    }

    private void alloc(int id, long bytes, int refSlots) {
        sinceMark += bytes;
        if (sinceMark >= MARK_BYTES) {
            sinceMark = 0;
            mark();
        }
        allocations++; // a collection may run here, before the object exists
        if (id >= slots.length) {
            int n = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(id + 1L, 2L * slots.length));
            slots = Arrays.copyOf(slots, n);
            count = Arrays.copyOf(count, n);
            zeroSince = Arrays.copyOf(zeroSince, n);
        }
        slots[id] = refSlots == 0 ? NO_SLOTS : new int[refSlots];
        zeroSince[id] = allocations;
        if (liveCount == live.length) {
            live = Arrays.copyOf(live, 2 * live.length);
        }
        live[liveCount++] = id;
        release(id);
    }

    /** A use of {@code id} now: when nothing has referred to it since a collection could have run, it needs a pin. */
    private void use(int id) {
        if (id != 0 && count[id] == 0 && zeroSince[id] < allocations && !get(pins, id)) {
            pin(id);
        }
    }

    private void pin(int id) {
        pins = set(pins, id);
        pinned++;
        count[id]++;
    }

    /** After the last mention of {@code id}, its pin (if any) lets go. */
    private void release(int id) {
        if (id != 0 && lastMention[id] == index && get(pins, id)) {
            remove(id);
        }
    }

    private void add(int id) {
        if (id != 0) {
            count[id]++;
        }
    }

    private void remove(int id) {
        if (id != 0 && --count[id] == 0) {
            zeroSince[id] = allocations;
        }
    }

    /** Marks from the roots and live pins; pins what is unreachable and mentioned later; frees the rest. */
    private void mark() {
        int words = (slots.length >>> 6) + 1;
        if (marks.length < words) {
            marks = new long[words];
        } else {
            Arrays.fill(marks, 0, words, 0);
        }
        for (int[] r : roots.values()) {
            for (int t : r) {
                trace(t);
            }
        }
        for (int t : globals.values()) {
            trace(t);
        }
        for (int i = 0; i < liveCount; i++) {
            int id = live[i];
            if (get(pins, id) && lastMention[id] > index) {
                trace(id);
            }
        }
        for (int i = 0; i < liveCount; i++) {
            int id = live[i];
            if (!get(marks, id) && lastMention[id] > index) {
                pin(id);
                trace(id);
            }
        }
        int kept = 0;
        for (int i = 0; i < liveCount; i++) {
            int id = live[i];
            if (get(marks, id)) {
                live[kept++] = id;
            } else {
                for (int t : slots[id]) {
                    remove(t);
                }
                slots[id] = null;
            }
        }
        liveCount = kept;
    }

    private void trace(int from) {
        if (from == 0 || get(marks, from)) {
            return;
        }
        marks[from >>> 6] |= 1L << from;
        int top = 0;
        stack[top++] = from;
        while (top > 0) {
            int id = stack[--top];
            int[] s = slots[id];
            if (s == null) {
                continue;
            }
            for (int t : s) {
                if (t != 0 && !get(marks, t)) {
                    marks[t >>> 6] |= 1L << t;
                    if (top == stack.length) {
                        stack = Arrays.copyOf(stack, 2 * top);
                    }
                    stack[top++] = t;
                }
            }
        }
    }

    private static boolean get(long[] bits, int id) {
        int w = id >>> 6;
        return w < bits.length && (bits[w] & 1L << id) != 0;
    }

    private static long[] set(long[] bits, int id) {
        int w = id >>> 6;
        if (w >= bits.length) {
            bits = Arrays.copyOf(bits, Math.max(w + 1, 2 * bits.length));
        }
        bits[w] |= 1L << id;
        return bits;
    }
}
