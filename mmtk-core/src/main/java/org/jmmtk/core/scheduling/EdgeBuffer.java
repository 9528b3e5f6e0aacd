package org.jmmtk.core.scheduling;

import java.util.Arrays;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.vm.EdgeVisitor;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * Collects edges into ProcessEdges packets of at most the packet capacity and adds each full packet
 * to the Closure stage. Its array starts small and doubles, so a packet of a few edges does not
 * allocate a full-capacity array. Used by one worker inside one packet, for roots and remembered
 * sets (also a plan's own, e.g. the slots of a card table's dirty cards); the closure's own packets
 * push the edges they find on the worker's edge stack instead ({@link ProcessEdges}).
 */
public final class EdgeBuffer implements EdgeVisitor {
    private static final int INITIAL_CAPACITY = 32;

    private final Closure closure;
    private final GCWorker<Collector> worker;
    private final boolean roots;
    private final int capacity;
    private long[] edges;
    private int size;

    /** A buffer of {@code closure}'s edges, root edges if {@code roots}, adding packets through {@code worker}. */
    public EdgeBuffer(Closure closure, GCWorker<Collector> worker, boolean roots) {
        this.closure = closure;
        this.worker = worker;
        this.roots = roots;
        this.capacity = closure.packetCapacity();
    }

    @Override
    public void visitEdge(long slot) {
        if (edges == null) {
            edges = new long[Math.min(INITIAL_CAPACITY, capacity)];
        } else if (size == edges.length) {
            edges = Arrays.copyOf(edges, Math.min(capacity, size * 2));
        }
        edges[size++] = slot;
        if (size == capacity) {
            flush();
        }
    }

    /** Visits every non-null reference slot of {@code object}. */
    public void visitNonNullSlots(SimulatedMemory memory, long object) {
        visitNonNullSlots(memory, object, 0);
    }

    /** Visits every non-null reference slot of {@code object} but the one at {@code except} (0: none). */
    public void visitNonNullSlots(SimulatedMemory memory, long object, long except) {
        int slots = ObjectModel.refSlots(memory, object);
        long slot = ObjectModel.slotAddress(object, 0);
        for (int j = 0; j < slots; j++, slot += 8) {
            if (slot != except && memory.load(slot) != 0) {
                visitEdge(slot);
            }
        }
    }

    /** Adds the edges collected so far as one packet. */
    public void flush() {
        if (size > 0) {
            worker.addWork(Stage.CLOSURE, new ProcessEdges(closure, edges, size, roots));
            edges = null;
            size = 0;
        }
    }
}
