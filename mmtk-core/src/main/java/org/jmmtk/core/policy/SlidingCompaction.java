package org.jmmtk.core.policy;

import java.util.Arrays;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * What every Lisp-2 sliding compaction of a space needs once its forwarding addresses are chosen: its
 * survivors in address order with their new addresses, the redirection of the survivors' fields, and
 * the slide itself. How new addresses are chosen, and how a reference finds its target's new address,
 * is the space's business: {@link MarkCompactSpace} packs the survivors from its start and keeps a
 * forwarding table (one entry per granule); {@link org.jmmtk.core.policy.immix.ImmixCompactor} packs them
 * block by block, an object never crossing a block's end, and looks new addresses up here ({@link #forward}, a binary search over
 * the survivors, so a space compacted only in emergencies declares no per-granule table). Either way no
 * survivor's new place lies after its old one, so the slide in address order never overwrites a
 * survivor that has yet to move.
 *
 * <p>Threads: survivors are entered by the forwarding packets (disjoint indices); the RefForwarding
 * packets read them in parallel; {@link #slide} runs in one packet.
 */
public final class SlidingCompaction {
    /** Side metadata that follows a sliding object (reference counts, unlog bits), told of each move in address order. */
    @FunctionalInterface
    public interface MoveHook {
        void moved(long from, long to);
    }

    private final SimulatedMemory memory;
    private final SideBitmap validObjects;
    private long[] live = new long[0];
    private long[] destination = new long[0];
    private int liveCount;

    public SlidingCompaction(SimulatedMemory memory, SideBitmap validObjects) {
        this.memory = memory;
        this.validObjects = validObjects;
    }

    /** Starts a list of {@code count} survivors, entered by index ({@link #set}). */
    public void expect(int count) {
        if (live.length < count) {
            int n = Math.max(count, 2 * live.length);
            live = new long[n];
            destination = new long[n];
        }
        liveCount = count;
    }

    /** Survivor {@code index} (in address order) is {@code object}, and goes to {@code to}. */
    public void set(int index, long object, long to) {
        live[index] = object;
        destination[index] = to;
    }

    /** Appends {@code object}, going to {@code to}, to the survivors (a forwarding computation in one packet). */
    public void add(long object, long to) {
        if (liveCount == live.length) {
            int n = Math.max(16, 2 * live.length);
            live = Arrays.copyOf(live, n);
            destination = Arrays.copyOf(destination, n);
        }
        live[liveCount] = object;
        destination[liveCount++] = to;
    }

    /** Forgets the survivors (before a forwarding computation, after the slide). */
    public void clear() {
        liveCount = 0;
    }

    public int count() {
        return liveCount;
    }

    /**
     * The new address of {@code object} if it is a survivor entered here, else {@code object} itself
     * (binary search: the survivors are in address order).
     */
    public long forward(long object) {
        int low = 0;
        int high = liveCount - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long o = live[mid];
            if (o < object) {
                low = mid + 1;
            } else if (o > object) {
                high = mid - 1;
            } else {
                return destination[mid];
            }
        }
        return object;
    }

    /**
     * Redirects every reference slot of the survivors {@code [from, to)} (indices in address order) that
     * points to an object of {@code space} that moves.
     */
    public void updateReferences(int from, int to, ForwardingSpace space) {
        for (int i = from; i < to; i++) {
            ForwardingSpace.updateSlots(memory, space, live[i]);
        }
    }

    /**
     * Slides the survivors {@code [from, to)} (indices in address order) to their new addresses, clearing
     * their marks if {@code clearMark}; each move clears the old valid-object bit before setting the new
     * one, is passed to {@code hook} (may be null) and is reported through {@code context}. Must run in
     * address order: an object's new place may overlap the old places of the objects before it, which
     * have already moved. Returns the number of survivors that moved.
     */
    public long slide(int from, int to, TraceLocal context, boolean clearMark, MoveHook hook) {
        long moved = 0;
        for (int i = from; i < to; i++) {
            long object = live[i];
            long status = memory.load(object + ObjectModel.STATUS_OFFSET);
            if (clearMark) {
                status &= ~ObjectModel.MARK_BIT;
            }
            long target = destination[i];
            if (target == object) {
                memory.store(object + ObjectModel.STATUS_OFFSET, status);
                continue;
            }
            moved++;
            long idWord = memory.load(object + ObjectModel.ID_OFFSET);
            long size = ObjectModel.sizeOfStatus(status);
            memory.copyWords(object, target, size >>> 3);
            memory.store(target + ObjectModel.STATUS_OFFSET, status);
            validObjects.clear(object);
            validObjects.set(target);
            if (hook != null) {
                hook.moved(object, target);
            }
            if (object < target + size) {
                // The slide overwrote the old header: put it back while the move is reported. A slide
                // by one word puts the old status word on the new id word; then only the id is restored.
                boolean status0 = object - target >= ObjectModel.HEADER_BYTES;
                long w0 = memory.load(object + ObjectModel.STATUS_OFFSET);
                long w1 = memory.load(object + ObjectModel.ID_OFFSET);
                if (status0) {
                    memory.store(object + ObjectModel.STATUS_OFFSET, status);
                }
                memory.store(object + ObjectModel.ID_OFFSET, idWord);
                context.moved(object, target);
                if (status0) {
                    memory.store(object + ObjectModel.STATUS_OFFSET, w0);
                }
                memory.store(object + ObjectModel.ID_OFFSET, w1);
            } else {
                context.moved(object, target);
            }
        }
        return moved;
    }
}
