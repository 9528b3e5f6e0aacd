package org.jmmtk.probes;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * Heap occupancy sampled at the start and end of each collection, for counter tracks. Committed by
 * the thread that requested the collection.
 */
@Name(HeapUsageEvent.NAME)
@Label("Heap Usage")
@Category({"jmmtk"})
@Description("Heap occupancy before and after a collection")
@StackTrace(false)
public final class HeapUsageEvent extends jdk.jfr.Event {
    public static final String NAME = "jmmtk.HeapUsage";

    @Label("GC number")
    public int gc;

    @Label("After")
    @Description("False: sampled when the collection starts; true: when it ends")
    public boolean after;

    @Label("Used")
    @Description("Bytes of the heap budget in use (pages reserved by all spaces)")
    @DataAmount
    public long usedBytes;

    @Label("Live")
    @Description("After a collection: bytes of the objects it found reachable (trace sizes); -1 before")
    @DataAmount
    public long liveBytes;
}
