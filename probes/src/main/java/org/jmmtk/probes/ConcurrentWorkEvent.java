package org.jmmtk.probes;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * Concurrent work outside any pause: one paced unit ({@code --pacing K}) while the replaying mutator
 * waits at a trace record, or one stretch of work the GC workers ran beside the mutators
 * ({@code --pacing real}). Its packets are work-packet events of the same GC number. Committed by the
 * thread that ran the work as worker 0.
 */
@Name(ConcurrentWorkEvent.NAME)
@Label("Concurrent Work")
@Category({"jmmtk"})
@StackTrace(false)
public final class ConcurrentWorkEvent extends jdk.jfr.Event {
    public static final String NAME = "jmmtk.ConcurrentWork";

    @Label("GC number")
    @Description("GC number of the pause that started the concurrent phase")
    public int gc;

    @Label("Plan")
    public String plan;

    @Label("Record")
    @Description("Trace records replayed before the work, type declarations excepted; -1 if not counted")
    public long record;
}
