package org.jmmtk.core.policy;

import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.heap.AllocationPoll;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;

/**
 * What every space of one heap shares (mmtk-core's {@code PlanCreateSpaceArgs}): the simulated memory
 * and its layout, the heap's geometry, the poll that guards the heap budget, the valid-object bits,
 * the space table, and the plugin host to report frees to. Built once by the composition root.
 *
 * @param validObjects one bit per granule, set at each object start from allocation (or copying) to reclamation
 */
public record HeapServices(SimulatedMemory memory, VMLayout layout, HeapGeometry geometry, AllocationPoll poll,
                           SideBitmap validObjects, SpaceTable spaces, PluginHost plugins) {
}
