package org.jmmtk.bindings.replay;

import org.jmmtk.core.vm.EdgeVisitor;

/**
 * Root words that the replay holds, not the program: objects a collection must keep although the
 * program's roots may not reach them ({@link DeathRoots} under a synchronization scheme, the
 * {@link CutRoots} of a parallel replay). They live in the binding's root area, and the binding scans
 * them with the global roots while the replay has them {@link ReplayBinding#hold held}, so a moving
 * collection updates them. Plugins are not told of their stores.
 *
 * <p>Scanned by GC workers while the mutators are stopped.
 */
interface ReplayRoots {
    /** Visits every word that holds an object. */
    void scan(EdgeVisitor visitor);
}
