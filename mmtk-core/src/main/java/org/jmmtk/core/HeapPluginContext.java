package org.jmmtk.core;

import java.util.List;
import org.jmmtk.core.analysis.PluginContext;
import org.jmmtk.core.collection.Statistics;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SpaceTable;
import org.jmmtk.core.vm.EdgeVisitor;

/**
 * What plugins may use of one heap ({@link PluginContext}): its memory, the run's clock, the roots as
 * the binding scans them, the space of an address and where the binding has an object now. Attached
 * to the plugins once the heap is built; called on the threads that call the plugins' hooks (the
 * mutator's, or the one running a collection).
 */
final class HeapPluginContext implements PluginContext {
    private final Plan plan;
    private final VMBinding binding;
    private final Statistics stats;
    private final SpaceTable spaces;

    HeapPluginContext(Plan plan, VMBinding binding, Statistics stats) {
        this.plan = plan;
        this.binding = binding;
        this.stats = stats;
        this.spaces = plan.heap().spaces();
    }

    @Override
    public SimulatedMemory memory() {
        return plan.heap().memory();
    }

    @Override
    public long bytesAllocated() {
        return stats.bytesAllocated();
    }

    @Override
    public void scanRoots(EdgeVisitor visitor) {
        for (Mutator m : plan.mutators()) {
            binding.scanMutatorRoots(m.ordinal(), visitor);
        }
        binding.scanGlobalRoots(visitor);
    }

    @Override
    public long addressOf(long id) {
        return binding.addressOf(id);
    }

    @Override
    public int spaceOf(long address) {
        return spaces.numberOf(address);
    }

    @Override
    public List<String> spaceNames() {
        return spaces.all().stream().map(Space::name).toList();
    }
}
