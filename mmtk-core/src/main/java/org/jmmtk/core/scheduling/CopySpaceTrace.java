package org.jmmtk.core.scheduling;

import org.jmmtk.core.alloc.Allocator;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.util.Constants;

/**
 * The full-heap trace of a semispace plan, whose objects are nearly all in the from-space of its two
 * {@link CopySpace}s: copying fused with scanning in the closure packet's loop. An object of the
 * from-space (told by its address) is claimed with the forwarding word's atomic instruction and, if this
 * worker claimed it, copied with the worker's copy allocator, counted in locals, and the copy's slots
 * pushed at once from the status word the claim returned; a forwarded one only has its edge updated.
 * The copies' valid-object bits are set a bitmap word at a time, before the packet ends.
 * Objects of other spaces go to {@code others}. {@link #traceObject} does the same one object at a time
 * (through {@link CopySpace#traceObject}).
 *
 * <p>Reads which space is the from-space once per packet (the Prepare stage sets it; the scheduler's
 * bucket opening orders that before the closure). Called by every GC worker in parallel, each on its
 * own {@link Collector}.
 */
public final class CopySpaceTrace implements FusedTrace {
    private final CopySpace first;
    private final CopySpace second;
    private final ObjectTrace others;

    /** Traces the objects of whichever of {@code first} and {@code second} is the from-space itself, the rest with {@code others}. */
    public CopySpaceTrace(CopySpace first, CopySpace second, ObjectTrace others) {
        this.first = first;
        this.second = second;
        this.others = others;
    }

    private CopySpace fromSpace() {
        return first.isFromSpace() ? first : second;
    }

    @Override
    public long traceObject(long object, Collector collector) {
        CopySpace from = fromSpace();
        return from.contains(object) ? from.traceObject(object, collector) : others.traceObject(object, collector);
    }

    @Override
    public int traceEdges(Collector collector, SimulatedMemory memory, int budget) {
        CopySpace from = fromSpace();
        // the from-space's bounds in registers (the claim's atomic instruction would make the loop reload
        // fields); an empty range if no space is a from-space, whose objects all stay where they are
        long start = from.isFromSpace() ? from.start() : 0;
        long end = from.isFromSpace() ? from.end() : 0;
        Allocator allocator = collector.copyAllocator();
        boolean reportMoves = collector.reportsMoves();
        long[] stack = collector.edgeStack();
        int top = collector.edgesLeft();
        int traced = 0;
        long objects = 0;
        long traceBytes = 0;
        long bytes = 0;
        // the valid-object bits of this packet's copies, a bitmap word at a time: copies follow each
        // other in the worker's copy buffer, so one atomic instruction sets the bits of several
        long validWord = -1;
        long validBits = 0;
        while (top > 0 && traced < budget) {
            long slot = stack[--top];
            traced++;
            long object = memory.load(slot);
            if (object == 0) {
                continue;
            }
            if (object >= start && object < end) {
                long status = ObjectModel.attemptToForward(memory, object);
                if ((status & ObjectModel.FORWARDING_MASK) == ObjectModel.FORWARDED) {
                    memory.store(slot, ObjectModel.forwardeeOfStatus(status));
                    continue;
                }
                long size = ObjectModel.sizeOfStatus(status);
                long to = allocator.alloc(size);
                from.copyClaimed(object, status, to);
                long word = to >>> SideBitmap.LOG_BYTES_PER_BITMAP_WORD;
                if (word != validWord) {
                    if (validBits != 0) {
                        from.setValidObjects(validWord << SideBitmap.LOG_BYTES_PER_BITMAP_WORD, validBits);
                    }
                    validWord = word;
                    validBits = 0;
                }
                validBits |= 1L << (to >>> Constants.LOG_BYTES_IN_WORD);
                objects++;
                traceBytes += ObjectModel.traceBytesOfStatus(status);
                bytes += size;
                if (reportMoves) {
                    collector.moved(object, to);
                }
                int slots = ObjectModel.refSlotsOfStatus(status);
                if (top + slots > stack.length) {
                    stack = collector.growEdgeStack(top + slots);
                }
                top = Collector.pushSlots(memory, stack, top, to, slots);
                memory.store(slot, to);
                continue;
            }
            top = collector.traceElsewhere(others, memory, slot, object, top);
            stack = collector.edgeStack();
        }
        if (validBits != 0) {
            from.setValidObjects(validWord << SideBitmap.LOG_BYTES_PER_BITMAP_WORD, validBits);
        }
        collector.setEdgesLeft(top);
        collector.countCopied(objects, traceBytes, bytes);
        return traced;
    }
}
