package org.jmmtk.core;

import org.jmmtk.core.stats.GcRecord;

/**
 * Told about every finished collection, on the thread that requested it, after the binding's
 * post-collection work and before the requesting mutator continues.
 * The hook for tests and observers that need to look at the heap after each GC.
 */
@FunctionalInterface
public interface GcListener {
    void gcFinished(GcRecord record);
}
