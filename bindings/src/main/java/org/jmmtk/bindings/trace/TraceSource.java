package org.jmmtk.bindings.trace;

import java.io.IOException;

/**
 * Something that produces the events of one program run: a trace file, an imported foreign trace or a
 * built-in workload. Replayed once, by one thread; {@link #progress} may be read from another thread
 * to draw a progress bar.
 */
public interface TraceSource {
    /** Sends every event, in order, to {@code out}. */
    void replay(TraceEvents out) throws IOException;

    /** How to name this source in reports: the file, or the workload with its parameters. */
    String describe();

    /** Roughly how much of the source has been replayed, from 0 to 1. */
    double progress();
}
