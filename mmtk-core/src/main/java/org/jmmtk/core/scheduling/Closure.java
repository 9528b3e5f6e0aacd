package org.jmmtk.core.scheduling;

import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.vm.Scanning;

/**
 * What every packet of one collection's transitive closure shares: the memory, the packet capacity,
 * the trace the plan chose, where the roots come from, and the plugins that watch root scans.
 * Immutable; made by the plan when it schedules a collection.
 */
public record Closure(SimulatedMemory memory, int packetCapacity, ObjectTrace trace, Scanning scanning,
                      PluginHost plugins) {
}
