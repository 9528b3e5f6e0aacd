package org.jmmtk.bindings.replay;

import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.vm.EdgeVisitor;

/**
 * The root slots of the replayed program, kept in simulated memory outside the heap so that a root is
 * an edge like any other: area 0 holds the global (static) roots, area {@code n} the roots of the
 * n-th mutator thread. Each area has room for every root slot index the trace format allows and is
 * mapped as it is used. Scanning visits the non-null slots below each area's highest slot used.
 *
 * <p>The replaying thread stores; GC workers scan and update slots while it is stopped.
 */
final class RootArea {
    private static final long SLOTS_PER_AREA = TraceFormat.MAX_ROOT_SLOT + 1L;
    private static final long AREA_BYTES = SLOTS_PER_AREA * 8;

    private final SimulatedMemory memory;
    private final long base;
    private final int maxAreas;
    private int[] highWater = new int[8];

    RootArea(SimulatedMemory memory, VMLayout.Region region) {
        this.memory = memory;
        this.base = region.start();
        this.maxAreas = (int) Math.min(Integer.MAX_VALUE, region.bytes() / AREA_BYTES);
    }

    /** Most mutator threads a replay can have. */
    int maxThreads() {
        return maxAreas - 1;
    }

    /** The address of root slot {@code slot} of {@code area}, mapped and counted as used. */
    long slot(int area, int slot) {
        if (area >= maxAreas) {
            throw new TraceException("too many threads: a replay supports at most " + maxThreads());
        }
        long address = base + area * AREA_BYTES + 8L * slot;
        if (!memory.isMapped(address)) {
            memory.map(address, 8);
        }
        if (area >= highWater.length) {
            highWater = java.util.Arrays.copyOf(highWater, Math.max(area + 1, highWater.length * 2));
        }
        if (slot >= highWater[area]) {
            highWater[area] = slot + 1;
        }
        return address;
    }

    /** Visits the non-null root slots of {@code area}; slots in chunks never mapped were never stored. */
    void scan(int area, EdgeVisitor visitor) {
        if (area >= highWater.length) {
            return;
        }
        long address = base + area * AREA_BYTES;
        for (int i = 0, n = highWater[area]; i < n; i++, address += 8) {
            if (memory.isMapped(address) && memory.load(address) != 0) {
                visitor.visitEdge(address);
            }
        }
    }
}
