package org.jmmtk.core.policy;

import java.util.function.LongConsumer;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.heap.AllocationPoll;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.PageResourceLock;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * What every space of one heap shares (mmtk-core's {@code PlanCreateSpaceArgs}): the simulated memory
 * and its layout, the heap's geometry, the poll that guards the heap budget, the valid-object bits,
 * the space table, the plugin host to report frees to, the scope of the page-resource lock in
 * mutators' slow paths, and the registry every side table is allocated from; walks the heap's objects
 * by their valid-object bits. Built once by the
 * composition root.
 *
 * @param validObjects     one bit per granule, set at each object start from allocation (or copying) to reclamation
 * @param pageResourceLock how long a mutator's slow path holds its space's page-resource lock
 * @param metadata         where spaces and plans allocate their side metadata, and which accounts for it
 */
public record HeapServices(SimulatedMemory memory, VMLayout layout, HeapGeometry geometry, AllocationPoll poll,
                           SideBitmap validObjects, SpaceTable spaces, PluginHost plugins,
                           PageResourceLock pageResourceLock, SideMetadataRegistry metadata) {
    /** Services with the default, fine page-resource lock and a registry of its own, not charged. */
    public HeapServices(SimulatedMemory memory, VMLayout layout, HeapGeometry geometry, AllocationPoll poll,
                        SideBitmap validObjects, SpaceTable spaces, PluginHost plugins) {
        this(memory, layout, geometry, poll, validObjects, spaces, plugins, PageResourceLock.FINE);
    }

    /**
     * Whether an object with id {@code id} lives at {@code address}: allocated there and not reclaimed since.
     * Both ways a remembered address goes stale (its cell reclaimed, or reclaimed and reused by another
     * object) end in one test: C2 drops a branch its profile never saw taken, and a reused cell first
     * turns up late in a run, so as a branch of its own it deoptimized the id table's walk after a
     * collection and had it compiled again.
     */
    public boolean isObject(long address, long id) {
        long mismatch = validObjects.get(address) ? ObjectModel.id(memory, address) ^ id : -1;
        return mismatch == 0;
    }

    /**
     * Visits every object the heap holds now (valid-object bits of every space, in space then address
     * order): after a collection, the survivors and whatever the plan has not reclaimed yet. Call with
     * mutators stopped or from the thread that runs them.
     */
    public void forEachObject(LongConsumer visitor) {
        for (Space s : spaces.all()) {
            for (long o = validObjects.next(s.start(), s.end()); o >= 0; o = validObjects.next(o + 8, s.end())) {
                visitor.accept(o);
            }
        }
    }

    /** Services with a registry of their own, not charged. */
    public HeapServices(SimulatedMemory memory, VMLayout layout, HeapGeometry geometry, AllocationPoll poll,
                        SideBitmap validObjects, SpaceTable spaces, PluginHost plugins,
                        PageResourceLock pageResourceLock) {
        this(memory, layout, geometry, poll, validObjects, spaces, plugins, pageResourceLock,
                new SideMetadataRegistry(memory, false, geometry.pageBytes()));
    }
}
