package org.jmmtk.probes;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A mutator's SATB buffer flushed into the concurrent mark's queue: how many logged references it
 * held, and the concurrent cycle (the GC number of its InitialMark). Committed by the mutator thread
 * whose buffer filled, or by the GC worker that flushes every buffer in the pause ending marking.
 */
@Name(SatbFlushEvent.NAME)
@Label("SATB Flush")
@Category({"jmmtk"})
@StackTrace(false)
public final class SatbFlushEvent extends jdk.jfr.Event {
    public static final String NAME = "jmmtk.SatbFlush";

    @Label("Cycle")
    @Description("GC number of the InitialMark that started the concurrent cycle")
    public int cycle;

    @Label("Entries")
    public int entries;
}
