package org.jmmtk.core.policy.immix;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.TraceLocal;

/**
 * The object moves of an {@link ImmixSpace}, each after the closure, in one packet, in address order, so
 * where an object goes does not depend on which GC worker reached it first (the heap after a collection is
 * the same for any number of GC threads): defragmentation's evacuation of the source blocks (paper section
 * 3.3, the per-object decision of the paper, evacuate if there is room, otherwise the object stays marked in
 * place), a mixed-age nursery's opportunistic copying of its survivors, LXR's evacuation of a young object,
 * and a generational plan's promotion of a nursery object into the space. Copies go where the worker's copy
 * allocator puts them ({@link CopyTargets}); each copy gets its valid-object bit and line marks, the old
 * place a forwarding pointer; references are redirected afterwards by a RefForwarding pass. Pinned objects
 * never move.
 *
 * <p>Threads: the GC worker running the packet; {@link #evacuateObject} from LXR's young-evacuation packet.
 */
final class Evacuator {
    private final ImmixSpace space;
    private final SimulatedMemory memory;
    private final SideBitmap validObjects;
    private final BlockTable blocks;
    private final LineMarks lines;
    private final ImmixDefrag defrag;
    private final CopyTargets copies;
    private final PinnedObjects pins;
    private final SideBitmap unlogBits;
    private final BlockSweeper sweeper;
    private final int lineBytes;

    Evacuator(ImmixSpace space, ImmixSpace.Parts parts, BlockSweeper sweeper) {
        this.space = space;
        this.memory = parts.heap().memory();
        this.validObjects = parts.heap().validObjects();
        this.blocks = parts.blocks();
        this.lines = parts.lines();
        this.defrag = parts.defrag();
        this.copies = parts.copies();
        this.pins = parts.pins();
        this.unlogBits = parts.unlogBits();
        this.sweeper = sweeper;
        this.lineBytes = parts.heap().geometry().lineBytes();
    }

    /** See {@link ImmixSpace#evacuate(TraceLocal, boolean)}. */
    long evacuate(TraceLocal context, boolean pastMedium) {
        long moved = 0;
        boolean room = true;
        // blocks taken for copies lie beyond no source: the limit at the start covers every source
        int limit = space.blockLimit();
        for (int b = 0; b < limit; b++) {
            if (!defrag.isSource(b)) {
                continue;
            }
            long block = blocks.address(b);
            long end = block + blocks.bytes();
            for (long o = validObjects.next(block, end); o >= 0 && room; o = validObjects.next(o + 8, end)) {
                if (!ObjectModel.isMarked(memory, o) || pins.isPinned(o)) {
                    continue;
                }
                long size = ObjectModel.size(memory, o);
                long to = context.allocCopy(size);
                if (to == 0 && pastMedium && size > lineBytes) {
                    continue;
                }
                if (to == 0) {
                    room = false;
                    break;
                }
                moveTo(o, to, size, context, true, true);
                moved++;
            }
            sweeper.remarkLines(b);
        }
        return moved;
    }

    /** See {@link ImmixSpace#evacuateObject}. */
    long evacuateObject(long object, TraceLocal context) {
        long size = ObjectModel.size(memory, object);
        long to = context.allocCopy(size);
        if (to != 0) {
            moveTo(object, to, size, context, false, false);
        }
        return to;
    }

    /** See {@link ImmixSpace#copyNurserySurvivors}. */
    long copyNurserySurvivors(TraceLocal context, LongArrayList survivors) {
        long moved = 0;
        boolean room = true;
        int limit = space.blockLimit();
        for (int b = 0; b < limit; b++) {
            if (!blocks.holdsObjects(b) || copies.isCleanCopyBlock(b)) {
                continue;
            }
            long block = blocks.address(b);
            long end = block + blocks.bytes();
            boolean left = false;
            for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
                if (!ObjectModel.isMarked(memory, o) || unlogBits.get(o)) {
                    continue;
                }
                long size = ObjectModel.size(memory, o);
                long to = room && !pins.isPinned(o) ? context.allocCopy(size) : 0;
                if (to == 0 && !pins.isPinned(o) && size <= lineBytes) {
                    // no hole and no clean block for a small object: none for any other either
                    room = false;
                }
                if (to == 0) {
                    unlogBits.set(o);
                    survivors.add(o);
                    continue;
                }
                moveTo(o, to, size, context, true, true);
                unlogBits.set(to);
                survivors.add(to);
                left = true;
                moved++;
            }
            if (left) {
                sweeper.remarkLines(b);
            }
        }
        return moved;
    }

    /** See {@link ImmixSpace#promote}. */
    long promote(long object, TraceLocal context, boolean keepMark) {
        long size = ObjectModel.size(memory, object);
        long to = context.allocCopy(size);
        if (to == 0) {
            space.addCopyPages(space.pagesInBlock());
            to = context.allocCopy(size);
        }
        moveTo(object, to, size, context, keepMark, true);
        ObjectModel.setLogBit(memory, to);
        return to;
    }

    /** {@code marked}: whether the trace counted the object as marked in place, which the move takes back. */
    private void moveTo(long object, long to, long size, TraceLocal context, boolean keepMark, boolean marked) {
        long traceBytes = ObjectModel.traceBytes(memory, object);
        memory.copyWords(object, to, size >>> 3);
        if (!keepMark) {
            ObjectModel.clearMark(memory, to);
        }
        validObjects.set(to);
        lines.mark(to, ObjectModel.size(memory, to));
        ObjectModel.setForwardingPointer(memory, object, to);
        if (marked) {
            context.evacuated(object, to, traceBytes, size);
        } else {
            context.copied(object, to, traceBytes, size);
        }
    }
}
