package org.jmmtk.bindings.replay;

/** Receives the (object id, current address) pairs of a replay's object table. */
@FunctionalInterface
public interface ObjectVisitor {
    void visit(long id, long address);
}
