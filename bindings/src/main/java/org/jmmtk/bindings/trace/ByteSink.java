package org.jmmtk.bindings.trace;

/** Where binary records are encoded: a trace file's output, or a per-thread chunk in memory. Used by one thread. */
interface ByteSink {
    /** Appends the low eight bits of {@code b}. */
    void put(int b);
}
