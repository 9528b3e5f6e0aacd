package org.jmmtk.tools.record;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceException;

/**
 * Which frame-slot stores {@link RecordedTrace} writes before each point (an allocation or a
 * collection request, where a collector may run). The program's frame slots are the <em>actual</em>
 * roots; the trace holds the <em>written</em> ones. A slot whose actual value changed since it was
 * written keeps its written value (its store is <em>deferred</em>) while both
 * <ul>
 * <li>the written value is still reachable in the trace at this point without that slot: the
 *     visible graph (frame slots as the program holds them, statics, fields) has not lost it yet, or
 *     it is mentioned again later, so a pin holds it (see {@link RecordedTrace}); a root to an object
 *     reachable anyway adds nothing reachable, since what it reaches is reachable through that object
 *     too; and</li>
 * <li>the actual value is null or is the written value of another frame slot (of any thread): the
 *     trace's roots hold it anyway.</li>
 * </ul>
 * So at every point the trace's roots reach exactly the objects the actual roots reach, and every
 * collector finds the same objects reachable as when every changed slot is written (which
 * {@code eager} does). A slot's store is written at the first point where either condition fails: the
 * written value may no longer be reachable (the later of its last mention and its loss in the visible graph has passed), or the last other slot holding the actual value was
 * written with another. A method called with objects its caller holds in its own locals, or whose
 * frame returns and whose slots the next call at that depth reuses, costs no record then.
 *
 * <p>Slots are numbered densely as {@code (thread, slot)} pairs are first stored; two intrusive
 * lists per object, of the deferred slots whose written value it is (checked when that object may
 * have become unreachable) and of the deferred slots whose actual value it is (checked when no written slot
 * holds it any more), find the slots a point must check without scanning the others. Used by one
 * thread.
 */
final class DeferredRootStores {
    private static final int NONE = -1;
    /** Ints per object in the table by id: the three fields below, then one left to the caller ({@link #SPARE}). */
    static final int FIELDS = 4;
    /** The field of the table that this class leaves to the caller. */
    static final int SPARE = 3;
    private static final int STALE = 0;
    private static final int WAIT = 1;
    private static final int HELD = 2;

    private final long[] reachableUntil;
    private final boolean eager;
    /**
     * Each thread's slots' numbers plus one (0: not yet stored), by slot: frame slots are few per thread
     * (a few hundred), and a store, the second pass's most common event, then costs an array load.
     */
    private final Int2ObjectOpenHashMap<int[]> numbers = new Int2ObjectOpenHashMap<>();
    /** The thread of the last store and its {@link #numbers}: a thread's events come in long runs. */
    private int lastThread = -1;
    private int[] lastNumbers = new int[0];
    private int slots;
    private long[] key = new long[64];
    private long[] actual = new long[64];
    private long[] written = new long[64];
    private boolean[] deferred = new boolean[64];
    private boolean[] queued = new boolean[64];
    /**
     * By object id, {@link #FIELDS} ints from {@code id << 2} (one object's fields share a cache line):
     * {@link #STALE} the first deferred slot whose written value it is, plus one (0: none), the slots to
     * check when it may become unreachable; {@link #WAIT} the first deferred slot whose actual value it is,
     * plus one, the slots to check when no written slot holds it; {@link #HELD} how many written frame slots
     * hold it.
     */
    private final int[] table;
    private int[] stalePrev = new int[64];
    private int[] staleNext = new int[64];
    private int[] waitPrev = new int[64];
    private int[] waitNext = new int[64];
    private final IntArrayList queue = new IntArrayList();
    private long deferredStores;

    /**
     * Over a log whose every object the trace reaches at each point before the event index in
     * {@code reachableUntil} (the later of its last mention and the point the visible graph loses it);
     * with its fields in {@code table} ({@link #FIELDS} ints per id from {@code id << 2}, zeroed, for every
     * id of the log); with {@code eager}, every slot that changed is written at the next point.
     */
    DeferredRootStores(long[] reachableUntil, int[] table, boolean eager) {
        this.reachableUntil = reachableUntil;
        this.eager = eager;
        // by id, as the recording's other per-object tables: hash maps here were a quarter of the second pass
        this.table = table;
    }

    /** The program stores {@code value} into {@code thread}'s frame slot {@code slot}. */
    void store(int thread, int slot, long value) {
        int[] byslot = thread == lastThread ? lastNumbers : numbersOf(thread);
        if (slot >= byslot.length) {
            if (slot < 0 || slot >= EventLog.MAX_ROOT_SLOTS) {
                throw new TraceException("agent log", "frame slot " + slot + " of thread " + thread + " is out of range");
            }
            byslot = Arrays.copyOf(byslot, Math.max(slot + 1, 2 * byslot.length));
            numbers.put(thread, byslot);
            lastNumbers = byslot;
        }
        int i = byslot[slot] - 1;
        if (i == NONE) {
            i = slots++;
            grow(i + 1);
            byslot[slot] = i + 1;
            key[i] = (long) thread << 32 | slot;
        }
        if (deferred[i] && actual[i] != 0) {
            unlink(WAIT, waitPrev, waitNext, actual[i], i);
        }
        actual[i] = value;
        if (deferred[i] && value != 0) {
            link(WAIT, waitPrev, waitNext, value, i);
        }
        enqueue(i);
    }

    /**
     * {@code id} may be unreachable from the next point on (the event just read was its last mention,
     * or the visible graph loses it there): slots that keep it as a deferred store's written value are
     * checked then.
     */
    void mayBeUnreachable(long id) {
        for (int i = table[(int) id << 2 | STALE] - 1; i != NONE; i = staleNext[i]) {
            enqueue(i);
        }
    }

    /** Writes, before the point at event index {@code point}, the frame-slot stores that cannot wait; returns how many. */
    long flush(long point, TraceEvents out) {
        long stores = 0;
        for (int q = 0; q < queue.size(); q++) {
            int i = queue.getInt(q);
            queued[i] = false;
            long x = actual[i];
            long y = written[i];
            if (x == y) {
                undefer(i);
            } else if (eager || (y != 0 && reachableUntil[(int) y] <= point) || (x != 0 && table[(int) x << 2 | HELD] == 0)) {
                undefer(i);
                write(i, x, out);
                stores++;
            } else if (!deferred[i]) {
                deferred[i] = true;
                deferredStores++;
                if (y != 0) {
                    link(STALE, stalePrev, staleNext, y, i);
                }
                if (x != 0) {
                    link(WAIT, waitPrev, waitNext, x, i);
                }
            }
        }
        queue.clear();
        return stores;
    }

    /** Clears every written slot, in the order of thread and slot (the end of the trace: only statics stay roots). */
    void clearAll(TraceEvents out) {
        long[] set = new long[slots];
        int n = 0;
        for (int i = 0; i < slots; i++) {
            if (written[i] != 0) {
                set[n++] = key[i];
            }
        }
        Arrays.sort(set, 0, n);
        for (int j = 0; j < n; j++) {
            out.root((int) (set[j] >>> 32), (int) set[j], 0);
        }
    }

    /**
     * Thread {@code thread} ended: every slot of it the trace holds is cleared now (in slot order), and
     * none of them stays deferred, so a later thread on the number starts with no roots. Returns the stores
     * written.
     */
    long endThread(int thread, TraceEvents out) {
        int[] byslot = numbers.get(thread);
        if (byslot == null) {
            return 0;
        }
        long stores = 0;
        for (int n : byslot) {
            if (n != 0) {
                int i = n - 1;
                undefer(i);
                actual[i] = 0;
                if (written[i] != 0) {
                    write(i, 0, out);
                    stores++;
                }
            }
        }
        return stores;
    }

    /** Slot changes that were deferred at a point at least once (each counted once until written or undone). */
    long deferredStores() {
        return deferredStores;
    }

    private int[] numbersOf(int thread) {
        int[] byslot = numbers.get(thread);
        if (byslot == null) {
            byslot = new int[16];
            numbers.put(thread, byslot);
        }
        lastThread = thread;
        lastNumbers = byslot;
        return byslot;
    }

    private void write(int i, long value, TraceEvents out) {
        long old = written[i];
        written[i] = value;
        if (old != 0 && --table[(int) old << 2 | HELD] == 0) {
            for (int j = table[(int) old << 2 | WAIT] - 1; j != NONE; j = waitNext[j]) {
                enqueue(j);
            }
        }
        if (value != 0) {
            table[(int) value << 2 | HELD]++;
        }
        out.root((int) (key[i] >>> 32), (int) key[i], value);
    }

    private void undefer(int i) {
        if (deferred[i]) {
            deferred[i] = false;
            if (written[i] != 0) {
                unlink(STALE, stalePrev, staleNext, written[i], i);
            }
            if (actual[i] != 0) {
                unlink(WAIT, waitPrev, waitNext, actual[i], i);
            }
        }
    }

    private void enqueue(int i) {
        if (!queued[i]) {
            queued[i] = true;
            queue.add(i);
        }
    }

    /** Puts slot {@code i} first in {@code value}'s list whose head is its {@code field}. */
    private void link(int field, int[] prev, int[] next, long value, int i) {
        int head = (int) value << 2 | field;
        int first = table[head] - 1;
        table[head] = i + 1;
        prev[i] = NONE;
        next[i] = first;
        if (first != NONE) {
            prev[first] = i;
        }
    }

    private void unlink(int field, int[] prev, int[] next, long value, int i) {
        if (prev[i] == NONE) {
            table[(int) value << 2 | field] = next[i] + 1;
        } else {
            next[prev[i]] = next[i];
        }
        if (next[i] != NONE) {
            prev[next[i]] = prev[i];
        }
    }

    private void grow(int n) {
        if (n > key.length) {
            int m = Math.max(n, 2 * key.length);
            key = Arrays.copyOf(key, m);
            actual = Arrays.copyOf(actual, m);
            written = Arrays.copyOf(written, m);
            deferred = Arrays.copyOf(deferred, m);
            queued = Arrays.copyOf(queued, m);
            stalePrev = Arrays.copyOf(stalePrev, m);
            staleNext = Arrays.copyOf(staleNext, m);
            waitPrev = Arrays.copyOf(waitPrev, m);
            waitNext = Arrays.copyOf(waitNext, m);
        }
    }
}
