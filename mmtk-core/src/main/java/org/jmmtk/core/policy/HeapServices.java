package org.jmmtk.core.policy;

import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.heap.AllocationPoll;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.PageResourceLock;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;

/**
 * What every space of one heap shares (mmtk-core's {@code PlanCreateSpaceArgs}): the simulated memory
 * and its layout, the heap's geometry, the poll that guards the heap budget, the valid-object bits,
 * the space table, the plugin host to report frees to, the scope of the page-resource lock in
 * mutators' slow paths, and the registry every side table is allocated from. Built once by the
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

    /** Services with a registry of their own, not charged. */
    public HeapServices(SimulatedMemory memory, VMLayout layout, HeapGeometry geometry, AllocationPoll poll,
                        SideBitmap validObjects, SpaceTable spaces, PluginHost plugins,
                        PageResourceLock pageResourceLock) {
        this(memory, layout, geometry, poll, validObjects, spaces, plugins, pageResourceLock,
                new SideMetadataRegistry(memory, false));
    }
}
