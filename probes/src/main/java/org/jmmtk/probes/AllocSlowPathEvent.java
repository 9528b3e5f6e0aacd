package org.jmmtk.probes;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One execution of an allocator's slow path (MMTk's {@code alloc_slow_once} start/end). Includes any
 * collection the slow path had to wait for. Committed by the mutator thread.
 */
@Name(AllocSlowPathEvent.NAME)
@Label("Allocation Slow Path")
@Category({"jmmtk"})
@Description("One execution of an allocator slow path, including any GC it waited for")
@StackTrace(false)
public final class AllocSlowPathEvent extends jdk.jfr.Event {
    public static final String NAME = "jmmtk.AllocSlowPath";

    @Label("Mutator")
    @Description("Ordinal of the mutator context")
    public int mutator;

    @Label("Bytes requested")
    @DataAmount
    public long bytes;

    @Label("Space")
    public String space;
}
