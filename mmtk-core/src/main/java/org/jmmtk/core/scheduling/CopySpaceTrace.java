package org.jmmtk.core.scheduling;

import org.jmmtk.core.alloc.Allocator;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.CopySpace;

/**
 * The full-heap trace of a semispace plan, whose objects are nearly all in the from-space of its two
 * {@link CopySpace}s: copying fused with scanning in the closure packet's loop. The loop tells an object
 * of the from-space by its address and loads its status word; a forwarded one only has its edge
 * updated. Any other goes to {@link #copyRun}, out of the loop: claimed with the forwarding word's atomic
 * instruction from the status already loaded and, if this worker claimed it, copied with the worker's
 * copy allocator, counted and its valid-object bit gathered in the worker's {@link Collector}, and the
 * copy's slots pushed at once from the status word the claim returned; it goes on copying while the next
 * edge leads to another object to copy near it. Objects of other spaces go to {@code others}. {@link #traceObject}
 * does the same one object at a time (through {@link CopySpace#traceObject}). The edges are traced in
 * the same order, and the same objects copied to the same places, as by {@link ProcessEdges}' generic loop.
 *
 * <p>Why the copying is a method of its own: with it inlined, the loop's values (the stack and its top,
 * the budget, the from-space's bounds, the per-packet counters) outnumbered the registers and the JIT
 * kept several on the stack, loading and storing them on every edge, forwarded or not; on {@code random},
 * where four edges in five reach an object already copied, that cost about a fifth of the collection
 * (docs/design.md, "Where one thread's closure time goes"). Out of line (C2 does not inline it back: its
 * code is larger than a small method's), the forwarded path keeps its values in registers; a run of
 * copies (down a tree, nearly every edge) makes one call, so copying pays no call per object.
 *
 * <p>Reads which space is the from-space once per packet (the Prepare stage sets it; the scheduler's
 * bucket opening orders that before the closure). Called by every GC worker in parallel, each on its
 * own {@link Collector}.
 */
public final class CopySpaceTrace implements FusedTrace {
    /**
     * How far (bytes) from the object just copied the next edge's target may lie for {@link #copyRun} to
     * go on with it: a near one (a child laid out beside its parent by the last copy, down a tree) is
     * likely new and its status word in the cache; a far one is likely forwarded already (on {@code
     * random}) and its status a cache miss, which the loop takes better, overlapping the misses of
     * successive forwarded edges (with no bound, {@code random} took 1.6x as long).
     */
    private static final long NEAR = 4096;

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
        long[] stack = collector.edgeStack();
        int top = collector.edgesLeft();
        int traced = 0;
        while (top > 0 && traced < budget) {
            long slot = stack[--top];
            traced++;
            long object = memory.load(slot);
            if (object == 0) {
                continue;
            }
            if (object >= start && object < end) {
                long status = memory.loadVolatile(object + ObjectModel.STATUS_OFFSET);
                if ((status & ObjectModel.FORWARDING_MASK) == ObjectModel.FORWARDED) {
                    memory.store(slot, ObjectModel.forwardeeOfStatus(status));
                    continue;
                }
                long run = copyRun(collector, memory, from, start, end, slot, object, status, top, traced, budget);
                top = (int) run;
                traced = (int) (run >>> 32);
            } else {
                top = collector.traceElsewhere(others, memory, slot, object, top);
            }
            stack = collector.edgeStack();
        }
        collector.copyValidBits().set(from);
        collector.setEdgesLeft(top);
        return traced;
    }

    /**
     * The copying step of {@link #traceEdges}, from {@code object}, the target of {@code slot}, whose
     * status word was {@code status} (not forwarded) when the loop loaded it, the edge stack's top being
     * {@code top} and {@code traced} edges of {@code budget} traced. Claims the object and, if this worker
     * claimed it, copies, counts and scans it; either way updates the edge. Then, while the edge on top of
     * the stack leads to another object of the from-space [{@code start}, {@code end}), within {@link #NEAR}
     * of the one just copied and not forwarded (down a tree, nearly every edge), pops and copies that one
     * too, so a run of copies makes one call; any other edge is left to the loop. Returns the new top in the low 32 bits and the edges traced in
     * the high 32 ({@link Collector#edgeStack()} may have grown).
     */
    private static long copyRun(Collector collector, SimulatedMemory memory, CopySpace from, long start, long end,
                                long slot, long object, long status, int top, int traced, int budget) {
        Allocator allocator = collector.copyAllocator();
        long[] stack = collector.edgeStack();
        for (;;) {
            long claimed = ObjectModel.attemptToForward(memory, object, status);
            if ((claimed & ObjectModel.FORWARDING_MASK) == ObjectModel.FORWARDED) {
                memory.store(slot, ObjectModel.forwardeeOfStatus(claimed));
            } else {
                long size = ObjectModel.sizeOfStatus(claimed);
                long to = allocator.alloc(size);
                from.copyClaimed(object, claimed, to);
                collector.copyValidBits().add(from, to);
                collector.countCopied(1, ObjectModel.traceBytesOfStatus(claimed), size);
                if (collector.reportsMoves()) {
                    collector.moved(object, to);
                }
                int slots = ObjectModel.refSlotsOfStatus(claimed);
                if (top + slots > stack.length) {
                    stack = collector.growEdgeStack(top + slots);
                }
                top = collector.pushScanned(stack, top, to, slots);
                memory.store(slot, to);
            }
            if (top == 0 || traced >= budget) {
                break;
            }
            slot = stack[top - 1];
            long next = memory.load(slot);
            if (next < start || next >= end || next - object > NEAR || object - next > NEAR) {
                break;
            }
            object = next;
            status = memory.loadVolatile(object + ObjectModel.STATUS_OFFSET);
            if ((status & ObjectModel.FORWARDING_MASK) == ObjectModel.FORWARDED) {
                break;
            }
            top--;
            traced++;
        }
        return (long) traced << 32 | top;
    }
}
