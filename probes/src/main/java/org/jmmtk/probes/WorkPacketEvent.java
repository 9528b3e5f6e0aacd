package org.jmmtk.probes;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The execution of one work packet by one GC worker (MMTk's {@code work} start/end pair). Carries the
 * packet's id and the id of the packet whose execution created it, so causality can be drawn.
 * Committed by the GC worker thread that ran the packet.
 */
@Name(WorkPacketEvent.NAME)
@Label("Work Packet")
@Category({"jmmtk"})
@Description("Execution of one GC work packet")
@StackTrace(false)
public final class WorkPacketEvent extends jdk.jfr.Event {
    public static final String NAME = "jmmtk.WorkPacket";

    @Label("GC number")
    public int gc;

    @Label("Packet type")
    public String type;

    @Label("Worker")
    @Description("Ordinal of the GC worker, 0-based")
    public int worker;

    @Label("Stage")
    @Description("The work bucket (stage) the packet was scheduled in")
    public String stage;

    @Label("Packet id")
    public long packetId;

    @Label("Parent packet id")
    @Description("Id of the packet that created this one; 0 when created outside a packet")
    public long parentId;

    @Label("Source")
    @Description("Where the worker found it: designated, local, bucket or steal")
    public String source;

    @Label("Spawn offset")
    @Description("Nanoseconds from the start of the parent packet to this packet's creation; -1 when unknown")
    @jdk.jfr.Timespan(jdk.jfr.Timespan.NANOSECONDS)
    public long spawnOffset = -1;

    @Label("Queued")
    @Description("Nanoseconds from this packet's creation to the start of its execution; -1 when unknown")
    @jdk.jfr.Timespan(jdk.jfr.Timespan.NANOSECONDS)
    public long queued = -1;

    @Label("CPU time")
    @Description("CPU time of the worker thread while it ran the packet (not counting time descheduled); -1 when unknown")
    @jdk.jfr.Timespan(jdk.jfr.Timespan.NANOSECONDS)
    public long cpuTime = -1;

    @Label("Spawn CPU offset")
    @Description("CPU time of the parent's thread from the parent's start to this packet's creation; -1 when unknown")
    @jdk.jfr.Timespan(jdk.jfr.Timespan.NANOSECONDS)
    public long spawnCpuOffset = -1;
}
