package org.jmmtk.core.scheduling;

import java.util.Arrays;
import org.jmmtk.core.alloc.Allocator;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.objectmodel.WeakSlots;
import org.jmmtk.core.policy.TraceLocal;

/**
 * The per-worker context of a GC worker (mmtk-core's {@code GCWorker} state; the scheduler is
 * {@code GCWorkScheduler<Collector>}, so every packet receives it typed): its copy allocator (set
 * up by the plan each collection), the edge stack of the ProcessEdges packet it runs (objects a trace
 * reaches first are scanned straight onto it: MMTk's object queue), counters that are summed when a
 * collection ends, and, if the binding wants it, the log of objects it moved. Moves are reported to
 * plugins that asked. In a collection that discovers references, an object's weak slot is not pushed
 * but set aside in this worker's list of discovered slots, which the {@link ReferenceProcessor} resolves
 * once the closure is complete. Plain fields: only its worker touches it while a collection runs.
 */
public class Collector implements TraceLocal {
    private final int ordinal;
    private final SimulatedMemory memory;
    private final PluginHost plugins;
    private final MoveLog moves;
    private Allocator copyAllocator;
    private long[] edgeStack;
    private final CopyValidBits copyValidBits = new CopyValidBits();
    /** The weak-slot table of a collection that discovers references ({@link WeakSlots#table}), else null. */
    private int[] weakSlots;
    /** Weak slots set aside by this worker in this collection: {@link #discoveredCount} of them. */
    private long[] discovered = new long[16];
    private int discoveredCount;

    // The counters are written for every object traced. Pad them so they never share a cache line with
    // another worker's (HotSpot keeps declaration order among a class's long fields).
    private long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
    private long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;

    private long objectsCopied;
    /** Trace bytes of the objects copied. */
    private long bytesCopied;
    /** Simulated bytes the copies occupy (what the to-space is charged). */
    private long copiedAllocationBytes;
    private long objectsMarked;
    /** Trace bytes of the objects marked in place. */
    private long bytesMarked;
    private long edgesTraced;
    /** Edges on {@link #edgeStack} (a long, so it sits between the pads): written for every edge traced. */
    private long top;

    private long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
    private long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;

    /**
     * @param logMoves whether to log (id, new address) of every object this worker moves
     */
    public Collector(int ordinal, int packetCapacity, SimulatedMemory memory, PluginHost plugins, boolean logMoves) {
        this.ordinal = ordinal;
        this.memory = memory;
        this.plugins = plugins;
        this.moves = logMoves ? new MoveLog() : null;
        this.edgeStack = new long[packetCapacity];
    }

    public final int ordinal() {
        return ordinal;
    }

    /** The allocator copies go to, or null in plans that never copy. */
    public final Allocator copyAllocator() {
        return copyAllocator;
    }

    public final void setCopyAllocator(Allocator allocator) {
        this.copyAllocator = allocator;
    }

    /** This worker's log of moved objects (null unless the binding asked for it). */
    public final MoveLog moves() {
        return moves;
    }

    /**
     * Scans {@code object} at once (MMTk's object queue without the queue): pushes its non-null reference
     * slots on this worker's edge stack, last slot first, so the packet tracing traces its first child
     * next, while the object is still in the cache.
     */
    @Override
    public final void enqueue(long object) {
        enqueue(object, memory.load(object + ObjectModel.STATUS_OFFSET));
    }

    @Override
    public final void enqueue(long object, long status) {
        int slots = ObjectModel.refSlotsOfStatus(status);
        long[] stack = edgeStack;
        int t = (int) top;
        if (t + slots > stack.length) {
            stack = growEdgeStack(t + slots);
        }
        top = weakSlots == null ? pushSlots(memory, stack, t, object, slots) : pushDiscovering(stack, t, object, slots);
    }

    /**
     * {@link #pushSlots} for a fused trace's loop: the same, except that in a collection that discovers
     * references an object's non-null weak slot is set aside instead of pushed.
     */
    final int pushScanned(long[] stack, int top, long object, int slots) {
        return weakSlots == null ? pushSlots(memory, stack, top, object, slots) : pushDiscovering(stack, top, object, slots);
    }

    /** {@link #pushSlots}, but a non-null weak slot of the object's type goes to the discovered list. */
    private int pushDiscovering(long[] stack, int top, long object, int slots) {
        long weak = discoverWeakSlot(object, slots);
        if (weak == 0) {
            return pushSlots(memory, stack, top, object, slots);
        }
        int t = top;
        long slot = ObjectModel.slotAddress(object, slots - 1);
        for (int j = 0; j < slots; j++, slot -= 8) {
            if (slot != weak && memory.load(slot) != 0) {
                stack[t++] = slot;
            }
        }
        return t;
    }

    /**
     * The address of {@code object}'s weak slot among its first {@code slots} if this collection discovers
     * references and its type has one, else 0; a non-null weak slot is added to the discovered list. A
     * scan skips the slot it returns.
     */
    final long discoverWeakSlot(long object, int slots) {
        if (weakSlots == null) {
            return 0;
        }
        int w = WeakSlots.slotOf(weakSlots, ObjectModel.typeId(memory, object));
        if (w < 0 || w >= slots) {
            return 0;
        }
        long weak = ObjectModel.slotAddress(object, w);
        if (memory.load(weak) != 0) {
            if (discoveredCount == discovered.length) {
                discovered = Arrays.copyOf(discovered, discoveredCount * 2);
            }
            discovered[discoveredCount++] = weak;
        }
        return weak;
    }

    /**
     * Starts a collection: with {@code table} ({@link WeakSlots#table}) this worker's scans set weak
     * slots aside; with null every slot is strong. Empties the discovered list.
     */
    public final void discoverReferences(int[] table) {
        weakSlots = table;
        discoveredCount = 0;
    }

    /** Weak slots this worker set aside in this collection. */
    final int discoveredCount() {
        return discoveredCount;
    }

    /** The {@code i}-th weak slot this worker set aside. */
    final long discovered(int i) {
        return discovered[i];
    }

    /**
     * Pushes the non-null ones of {@code object}'s first {@code slots} reference slots on {@code stack}
     * above {@code top}, last slot first; returns the new top. The stack must have room for them all.
     */
    static int pushSlots(SimulatedMemory memory, long[] stack, int top, long object, int slots) {
        int t = top;
        long slot = ObjectModel.slotAddress(object, slots - 1);
        for (int j = 0; j < slots; j++, slot -= 8) {
            if (memory.load(slot) != 0) {
                stack[t++] = slot;
            }
        }
        return t;
    }

    @Override
    public final long allocCopy(long bytes) {
        return copyAllocator.alloc(bytes);
    }

    @Override
    public final void copied(long from, long to, long traceBytes, long bytes) {
        objectsCopied++;
        bytesCopied += traceBytes;
        copiedAllocationBytes += bytes;
        moved(from, to);
    }

    @Override
    public final void evacuated(long from, long to, long traceBytes, long bytes) {
        objectsMarked--;
        bytesMarked -= traceBytes;
        copied(from, to, traceBytes, bytes);
    }

    @Override
    public final void moved(long from, long to) {
        if (moves != null) {
            moves.add(ObjectModel.id(memory, to), to);
        }
        if (plugins.wantsMoves()) {
            plugins.objectMoved(from, to);
        }
    }

    @Override
    public final void marked(long traceBytes) {
        objectsMarked++;
        bytesMarked += traceBytes;
    }

    /** Counts {@code objects} objects of {@code traceBytes} in all marked in place (a fused marking trace, one at a time). */
    final void countMarked(long objects, long traceBytes) {
        objectsMarked += objects;
        bytesMarked += traceBytes;
    }

    /**
     * Counts {@code objects} objects copied, of {@code traceBytes} trace bytes and {@code bytes} simulated
     * bytes in all (a fused trace counts its copies here, and reports each move itself).
     */
    final void countCopied(long objects, long traceBytes, long bytes) {
        objectsCopied += objects;
        bytesCopied += traceBytes;
        copiedAllocationBytes += bytes;
    }

    /** The valid-object bits of this worker's copies that {@link CopySpaceTrace} has not set yet. */
    final CopyValidBits copyValidBits() {
        return copyValidBits;
    }

    /** Whether {@link #moved} does anything: the binding logs moves or a plugin asked for them. */
    final boolean reportsMoves() {
        return moves != null || plugins.wantsMoves();
    }

    /** Counts {@code n} edges traced: ProcessEdges does, and so must a trace that follows edges itself. */
    public final void countEdges(int n) {
        edgesTraced += n;
    }

    /** Grows the edge stack to at least {@code n} entries, keeping its contents; returns it. */
    long[] growEdgeStack(int n) {
        edgeStack = Arrays.copyOf(edgeStack, Math.max(n, edgeStack.length * 2));
        return edgeStack;
    }

    /** Makes {@code edges[0, count)} the edge stack, {@code edges[0]} on top. */
    void pushEdges(long[] edges, int count) {
        long[] stack = edgeStack;
        if (stack.length < count) {
            stack = edgeStack = new long[Math.max(count, stack.length * 2)];
        }
        for (int i = 0; i < count; i++) {
            stack[i] = edges[count - 1 - i];
        }
        top = count;
    }

    /** Edges on the edge stack. */
    int edgesLeft() {
        return (int) top;
    }

    /** Makes the edge stack's first {@code n} entries its edges (a fused trace's loop keeps the top in a local). */
    void setEdgesLeft(int n) {
        top = n;
    }

    /**
     * For a fused trace's loop, which keeps the edge stack's top in a local: traces {@code object}, the
     * target of {@code slot}, with {@code trace} as {@link ProcessEdges}' generic loop does, the stack's
     * top being {@code top}; returns the new top ({@link #edgeStack()} may have grown).
     */
    int traceElsewhere(ObjectTrace trace, SimulatedMemory memory, long slot, long object, int top) {
        this.top = top;
        long moved = trace.traceObject(object, this);
        if (moved != object) {
            memory.store(slot, moved);
        }
        return (int) this.top;
    }

    /** Pops the edge stack's top edge; there must be one. */
    long popEdge() {
        return edgeStack[(int) --top];
    }

    /** The edge stack: {@link #edgesLeft()} entries of this array, the top last. */
    long[] edgeStack() {
        return edgeStack;
    }

    public final long objectsCopied() {
        return objectsCopied;
    }

    public final long bytesCopied() {
        return bytesCopied;
    }

    /** Simulated bytes of this collection's copies: what the target space is charged. */
    public final long copiedAllocationBytes() {
        return copiedAllocationBytes;
    }

    public final long objectsMarked() {
        return objectsMarked;
    }

    public final long bytesMarked() {
        return bytesMarked;
    }

    public final long edgesTraced() {
        return edgesTraced;
    }

    /** Clears the counters and the move log for a new collection. */
    public void resetCounters() {
        if (moves != null) {
            moves.clear();
        }
        objectsCopied = 0;
        bytesCopied = 0;
        copiedAllocationBytes = 0;
        objectsMarked = 0;
        bytesMarked = 0;
        edgesTraced = 0;
    }
}
