package org.jmmtk.core.policy;

/**
 * Sees each range of free memory of a heap walk ({@link Space#walkFreeRanges}): memory a space can hand
 * out again inside its extent. Called on the thread that walks, while the heap does not change.
 */
@FunctionalInterface
public interface FreeRangeVisitor {
    /** {@code bytes} (more than 0) of free memory from {@code address}. */
    void visit(long address, long bytes);
}
