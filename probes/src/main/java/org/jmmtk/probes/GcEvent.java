package org.jmmtk.probes;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One collection, from the moment a mutator asks for it to the moment mutators resume (MMTk's
 * {@code gc_start}/{@code gc_end} pair as one JFR duration event). Committed by the thread that
 * requested the collection.
 */
@Name(GcEvent.NAME)
@Label("GC")
@Category({"jmmtk"})
@Description("A stop-the-world collection, from request to mutator resumption")
@StackTrace(false)
public final class GcEvent extends jdk.jfr.Event {
    public static final String NAME = "jmmtk.GC";

    @Label("GC number")
    public int gc;

    @Label("Plan")
    public String plan;

    @Label("Kind")
    @Description("full, nursery, final")
    public String kind;

    @Label("Reason")
    @Description("heap-full, explicit, final")
    public String reason;
}
