package org.jmmtk.bindings.lifetimes;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import org.jmmtk.bindings.trace.ForwardingEvents;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.plugins.filip.FinalizationSampler;

/**
 * The profiler's bookkeeping in the simulated heap (FiLiP's "ephemeron contamination"): a trace
 * filter that, for each allocation the {@link FinalizationSampler} sampled, allocates an ephemeron
 * object in the heap and links it into a doubly linked registry held by a global root, and unlinks it
 * once the sampler observed its key dead (finalization runs when control returns to the program).
 * Ephemerons are made at the next check point (just before the program's next allocation), where the
 * trace has stored the new object wherever it keeps it, so a collection they trigger judges the program's
 * objects as the program left them. The key is a weak reference, so it is payload, not a reference slot.
 *
 * <p>An ephemeron is {@link #EPHEMERON_BYTES} bytes: a header, two reference slots (previous and next
 * in the registry) and three payload words (the weak key, the allocation time, the sampled id). Ids
 * count down from {@link ObjectModel#MAX_OBJECT_ID}; the registry's head is global root slot
 * {@link TraceFormat#MAX_ROOT_SLOT}. Used by the thread that replays the trace.
 */
final class Ephemerons extends ForwardingEvents {
    static final long EPHEMERON_BYTES = 16 + 2 * 8 + 3 * 8;
    private static final int PREV = 0;
    private static final int NEXT = 1;
    private static final int HEAD_SLOT = TraceFormat.MAX_ROOT_SLOT;

    private final FinalizationSampler sampler;
    /** Sampled id to its ephemeron's id. */
    private final Long2LongOpenHashMap ephemeronOf = new Long2LongOpenHashMap();
    private final Long2LongOpenHashMap prev = new Long2LongOpenHashMap();
    private final Long2LongOpenHashMap next = new Long2LongOpenHashMap();
    private long head;
    private long nextId = ObjectModel.MAX_OBJECT_ID;
    private long pending;
    private int thread;

    Ephemerons(TraceEvents out, FinalizationSampler sampler) {
        super(out);
        this.sampler = sampler;
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        if (object >= nextId - 1 || typeId == FinalizationSampler.EPHEMERON_TYPE) {
            throw new org.jmmtk.bindings.trace.TraceException("object " + object + " of type " + typeId
                    + " collides with the profiler's ephemerons (ids near " + ObjectModel.MAX_OBJECT_ID
                    + ", type " + FinalizationSampler.EPHEMERON_TYPE + ")");
        }
        this.thread = thread;
        checkPoint();
        out.alloc(thread, object, bytes, refSlots, typeId);
        pending = sampler.lastSampled();
    }

    @Override
    public void global(int rootSlot, long target) {
        if (rootSlot == HEAD_SLOT) {
            throw new org.jmmtk.bindings.trace.TraceException("global root slot " + rootSlot
                    + " is the profiler's ephemeron registry");
        }
        out.global(rootSlot, target);
    }

    /** Unlinks the mourned, then makes the pending sample's ephemeron. */
    private void checkPoint() {
        unlinkMourned();
        if (pending == 0) {
            return;
        }
        long key = pending;
        pending = 0;
        long e = nextId--;
        out.alloc(thread, e, EPHEMERON_BYTES, 2, FinalizationSampler.EPHEMERON_TYPE);
        if (!sampler.isWatched(key)) {
            unlinkMourned();
            return; // its key was found dead by the collection this allocation ran: never registered
        }
        ephemeronOf.put(key, e);
        if (head != 0) {
            out.write(thread, e, NEXT, head);
            out.write(thread, head, PREV, e);
            next.put(e, head);
            prev.put(head, e);
        }
        head = e;
        out.global(HEAD_SLOT, e);
        unlinkMourned();
    }

    private void unlinkMourned() {
        if (!sampler.hasMourned()) {
            return;
        }
        for (long key : sampler.takeMourned()) {
            long e = ephemeronOf.remove(key);
            if (e == 0) {
                continue;
            }
            long p = prev.remove(e);
            long n = next.remove(e);
            if (p != 0) {
                out.write(thread, p, NEXT, n);
                if (n == 0) {
                    next.remove(p);
                } else {
                    next.put(p, n);
                }
            } else {
                head = n;
                out.global(HEAD_SLOT, n);
            }
            if (n != 0) {
                out.write(thread, n, PREV, p);
                if (p == 0) {
                    prev.remove(n);
                } else {
                    prev.put(n, p);
                }
            }
        }
    }

    /** Ephemerons in the registry now. */
    int registered() {
        return ephemeronOf.size();
    }
}
