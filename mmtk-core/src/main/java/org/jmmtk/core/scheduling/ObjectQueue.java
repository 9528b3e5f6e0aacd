package org.jmmtk.core.scheduling;

/** Where {@code traceObject} puts objects it reached first, to be scanned (MMTk's {@code ObjectQueue}). */
public interface ObjectQueue {
    void enqueue(long object);
}
