package org.jmmtk.core.analysis;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.vm.EdgeVisitor;

/**
 * What a plugin may use besides its events: the simulated memory (to read objects through
 * {@code ObjectModel}), the run's clock in bytes allocated, and the roots at any moment (for
 * algorithms such as Merlin that stamp root-referenced objects at every time step).
 */
public interface PluginContext {
    SimulatedMemory memory();

    /** Bytes allocated so far: the GC literature's time. */
    long bytesAllocated();

    /** Visits every non-null root slot (mutator threads' and global) as it is now. */
    void scanRoots(EdgeVisitor visitor);
}
