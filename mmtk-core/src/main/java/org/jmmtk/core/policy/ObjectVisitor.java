package org.jmmtk.core.policy;

/**
 * Sees each object of a heap walk ({@link Space#walkObjects}): a view's tiles, a heap dump, a checker.
 * Called on the thread that walks, while the heap does not change.
 */
@FunctionalInterface
public interface ObjectVisitor {
    /** The object starting at {@code object} (its header intact). */
    void visit(long object);
}
