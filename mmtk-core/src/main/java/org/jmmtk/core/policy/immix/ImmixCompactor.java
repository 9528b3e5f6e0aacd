package org.jmmtk.core.policy.immix;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.ForwardingSpace;
import org.jmmtk.core.policy.HeapServices;
import org.jmmtk.core.policy.SlidingCompaction;
import org.jmmtk.core.policy.TraceLocal;

/**
 * Sliding compaction of an {@link ImmixSpace} (Lisp-2, block by block): the last resort of a tight
 * heap's emergency collection, where evacuation finds no room to copy into (holes of a line or two,
 * no clean block, every block partly live). After the closure has marked the space, in one packet,
 * {@link #calculateForwarding} walks the blocks in use in address order and packs their marked objects
 * into the same blocks from the lowest one up, in address order, an object that does not fit the rest
 * of a block starting the next (objects never cross a block's end); the unmarked objects are freed
 * then, while their headers are intact. A block that holds a pinned survivor takes no part: its
 * objects stay. No survivor's new place lies after its old one, so the slide needs no room beyond
 * the blocks it compacts. New addresses are kept with the survivors, not in a per-granule table (a
 * reference finds its target's by binary search), so a plan that compacts only in emergencies declares
 * no side metadata for it. References are redirected by a RefForwarding pass over every space
 * ({@link #updateSlot}), then {@link #slide} moves the survivors ({@link SlidingCompaction}, shared
 * with {@link org.jmmtk.core.policy.MarkCompactSpace}) and rebuilds the line marks of the compacted blocks from the objects now
 * in them. The space's sweep that follows frees the blocks left empty and classifies the others as it
 * always does; survivors keep their marks until then. Side metadata moves with each object: the
 * valid-object bit, the space's unlog bit, and whatever the plan passes as a {@link SlidingCompaction.MoveHook}
 * (LXR's reference counts). Large objects live in the large object space and stay put.
 *
 * <p>Where each object goes depends only on the heap, never on the number of GC threads: the forwarding
 * computation and the slide each run in one packet (the blocks are few in the tight heaps that need
 * this); the reference updating runs in parallel packets over disjoint ranges.
 */
public final class ImmixCompactor implements ForwardingSpace {
    private final ImmixSpace space;
    private final SimulatedMemory memory;
    private final SideBitmap validObjects;
    private final SlidingCompaction slide;
    private final SlidingCompaction.MoveHook sideBits;
    // the blocks of the compaction in progress, in address order (touched by its single packets)
    private final IntArrayList blocks = new IntArrayList();
    private long moved;

    /** A compactor of {@code space}; {@code planBits} (may be null) moves the plan's side metadata with each object. */
    public ImmixCompactor(ImmixSpace space, HeapServices heap, SlidingCompaction.MoveHook planBits) {
        this.space = space;
        this.memory = heap.memory();
        this.validObjects = heap.validObjects();
        this.slide = new SlidingCompaction(memory, validObjects);
        SideBitmap unlog = space.unlogBits();
        this.sideBits = (from, to) -> {
            if (unlog != null && unlog.get(from)) {
                unlog.clear(from);
                unlog.set(to);
            }
            if (planBits != null) {
                planBits.moved(from, to);
            }
        };
    }

    /**
     * After the closure, one packet: frees the unmarked objects of the blocks in use and gives each
     * marked one its new address (see the class comment). Returns the number of survivors, whose
     * fields the RefForwarding pass then redirects.
     */
    public int calculateForwarding() {
        int limit = space.blockLimit();
        slide.clear();
        blocks.clear();
        moved = 0;
        for (int b = 0; b < limit; b++) {
            if (space.holdsObjects(b) && !holdsPinnedSurvivor(b)) {
                blocks.add(b);
            }
        }
        int bytes = space.blockBytes();
        int target = 0;
        long cursor = 0;
        long limitOfTarget = 0;
        for (int i = 0, n = blocks.size(); i < n; i++) {
            long block = space.blockAddress(blocks.getInt(i));
            long end = block + bytes;
            for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
                if (!ObjectModel.isMarked(memory, o)) {
                    space.reclaim(o);
                    continue;
                }
                long size = ObjectModel.size(memory, o);
                if (cursor + size > limitOfTarget) {
                    cursor = space.blockAddress(blocks.getInt(target++));
                    limitOfTarget = cursor + bytes;
                }
                slide.add(o, cursor);
                cursor += size;
            }
        }
        return slide.count();
    }

    private boolean holdsPinnedSurvivor(int b) {
        if (!space.anyPinned()) {
            return false;
        }
        long block = space.blockAddress(b);
        long end = block + space.blockBytes();
        for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
            if (space.isPinned(o) && ObjectModel.isMarked(memory, o)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Redirects the reference in {@code slot} if it points to a survivor of the space that moves (between
     * forwarding and slide; a survivor of a block that takes no part is not listed and stays).
     */
    @Override
    public void updateSlot(long slot) {
        long target = memory.load(slot);
        if (target != 0) {
            long to = newAddress(target);
            if (to != target) {
                memory.store(slot, to);
            }
        }
    }

    /**
     * Where {@code object} (a survivor, in any space) will be once the space has slid: its new address
     * if it is a survivor of the space that moves, else itself. Between forwarding and slide.
     */
    public long newAddress(long object) {
        return space.contains(object) ? slide.forward(object) : object;
    }

    /**
     * Compact stage, one packet, after the RefForwarding pass: slides the survivors in address order
     * (they keep their marks for the sweep), moves their side metadata, and recomputes the line marks of
     * every compacted block from the objects now in it. Returns the number of objects that moved.
     */
    public long slide(TraceLocal context) {
        moved = slide.slide(0, slide.count(), context, false, sideBits);
        slide.clear();
        for (int i = 0, n = blocks.size(); i < n; i++) {
            space.remarkLines(blocks.getInt(i));
        }
        return moved;
    }

    /** Blocks the last compaction took part in (sources and targets alike). */
    public int blocksCompacted() {
        return blocks.size();
    }

    /** Objects the last compaction moved. */
    public long objectsMoved() {
        return moved;
    }
}
