package org.jmmtk.probes;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The body of one ProcessEdges packet (MMTk's {@code process_slots}): how many edges it traced, its own
 * and those of the objects it reached first (at most the packet capacity), and whether its own edges
 * are roots. Committed by the GC worker running the packet when its trace ends.
 */
@Name(ProcessEdgesEvent.NAME)
@Label("Process Edges")
@Category({"jmmtk"})
@StackTrace(false)
public final class ProcessEdgesEvent extends jdk.jfr.Event {
    public static final String NAME = "jmmtk.ProcessEdges";

    @Label("GC number")
    public int gc;

    @Label("Packet id")
    public long packetId;

    @Label("Edges")
    public int edges;

    @Label("Roots")
    @Description("True when the edges are root slots")
    public boolean roots;
}
