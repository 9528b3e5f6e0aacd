package org.jmmtk.core.analysis;

import java.util.List;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.vm.EdgeVisitor;

/**
 * What a plugin may use besides its events: the simulated memory (to read objects through
 * {@code ObjectModel}), the run's clock in bytes allocated, the roots at any moment, and objects by
 * id (for algorithms such as Merlin that stamp root-referenced objects and revisit objects by id).
 */
public interface PluginContext {
    SimulatedMemory memory();

    /** Bytes allocated so far: the GC literature's time. */
    long bytesAllocated();

    /** Visits every non-null root slot (mutator threads' and global) as it is now. */
    void scanRoots(EdgeVisitor visitor);

    /**
     * The number of the space containing {@code address} (1 for the first space the plan created, in
     * the order of {@link #spaceNames()}), or 0 if none does. O(1), no allocation.
     */
    int spaceOf(long address);

    /** The names of the plan's spaces, in the order they were created: space {@code i} is element {@code i - 1}. */
    List<String> spaceNames();

    /** Where the object with id {@code id} is now, as the binding knows it; 0 if it does not. */
    long addressOf(long id);
}
