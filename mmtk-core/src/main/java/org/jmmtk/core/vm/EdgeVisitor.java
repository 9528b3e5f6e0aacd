package org.jmmtk.core.vm;

/** Receives edges: addresses of reference slots (in the heap or in the binding's root area). */
@FunctionalInterface
public interface EdgeVisitor {
    void visitEdge(long slot);
}
