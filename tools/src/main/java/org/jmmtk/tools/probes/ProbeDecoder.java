package org.jmmtk.tools.probes;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.LongConsumer;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.probes.AllocSlowPathEvent;
import org.jmmtk.probes.BucketOpenEvent;
import org.jmmtk.probes.GcEvent;
import org.jmmtk.probes.HeapUsageEvent;
import org.jmmtk.probes.PageLockContendedEvent;
import org.jmmtk.probes.ProcessEdgesEvent;
import org.jmmtk.probes.WorkPacketEvent;
import org.jmmtk.tools.error.UsageException;

/**
 * Turns jmmtk's JFR events into the typed records of {@link ProbeEvents}, one event at a time, in the
 * order the recording holds them (which is not time order). The one place that knows the events'
 * field names: {@link ProbeEvents} collects what it decodes, the Perfetto exporter streams it. Times
 * are nanoseconds since the epoch; threads are Java thread ids (-1 when JFR recorded none).
 */
public final class ProbeDecoder {
    /** Receives decoded events; a kind a sink does not override is ignored. A sink may write, hence IOException. */
    public interface Sink {
        default void gc(ProbeEvents.Gc e) throws IOException {
        }

        default void packet(ProbeEvents.Packet e) throws IOException {
        }

        default void edges(ProbeEvents.Edges e) throws IOException {
        }

        default void bucket(ProbeEvents.Bucket e) throws IOException {
        }

        default void slowPath(ProbeEvents.SlowPath e) throws IOException {
        }

        default void heap(ProbeEvents.Heap e) throws IOException {
        }

        default void lockWait(ProbeEvents.LockWait e) throws IOException {
        }
    }

    private ProbeDecoder() {
    }

    /** Decodes every event of {@code file} into {@code sink}; events of other producers are skipped. */
    public static void read(Path file, Sink sink) throws IOException {
        read(file, sink, n -> { });
    }

    /**
     * As {@link #read(Path, Sink)}, telling {@code progress} how many events (of any producer) were read
     * so far. A file the JDK cannot parse, or a jmmtk event with a missing or null field, is a
     * {@link UsageException} naming the file; exceptions of the sink pass through unchanged.
     */
    public static void read(Path file, Sink sink, LongConsumer progress) throws IOException {
        TraceFormat.requireRegularFile(file, "recording");
        BoundedJfrReader.read(file, e -> dispatch(parseOrRefuse(file, e), sink), progress);
    }

    private static Record parseOrRefuse(Path file, RecordedEvent e) {
        try {
            return parse(e);
        } catch (IOException x) {
            throw new UsageException(file + ": not a readable JFR recording of jmmtk events (" + Quote.escape(x.getMessage()) + ")");
        }
    }

    /** Hands {@code e} to the matching method of {@code sink}; returns false if it is not a jmmtk event. */
    public static boolean decode(RecordedEvent e, Sink sink) throws IOException {
        Record record = parse(e);
        dispatch(record, sink);
        return record != null;
    }

    /** The typed record of a jmmtk event, null for other events; a missing or null field is an IOException. */
    private static Record parse(RecordedEvent e) throws IOException {
        try {
            return switch (e.getEventType().getName()) {
                case GcEvent.NAME -> new ProbeEvents.Gc(e.getInt("gc"), text(e, "plan"), text(e, "kind"),
                        text(e, "reason"), nanos(e.getStartTime()), nanos(e.getEndTime()));
                case WorkPacketEvent.NAME -> new ProbeEvents.Packet(e.getInt("gc"), text(e, "type"),
                        e.getInt("worker"), text(e, "stage"), e.getLong("packetId"), e.getLong("parentId"),
                        text(e, "source"), nanos(e.getStartTime()), nanos(e.getEndTime()), thread(e),
                        optionalLong(e, "spawnOffset"), optionalLong(e, "queued"), optionalLong(e, "cpuTime"),
                        optionalLong(e, "spawnCpuOffset"));
                case ProcessEdgesEvent.NAME -> new ProbeEvents.Edges(e.getInt("gc"), e.getLong("packetId"),
                        e.getInt("edges"), e.getBoolean("roots"), nanos(e.getStartTime()));
                case BucketOpenEvent.NAME -> new ProbeEvents.Bucket(e.getInt("gc"), text(e, "stage"),
                        nanos(e.getStartTime()), thread(e));
                case AllocSlowPathEvent.NAME -> new ProbeEvents.SlowPath(e.getInt("mutator"),
                        e.getLong("bytes"), text(e, "space"), nanos(e.getStartTime()), nanos(e.getEndTime()),
                        thread(e));
                case HeapUsageEvent.NAME -> new ProbeEvents.Heap(e.getInt("gc"), e.getBoolean("after"),
                        e.getLong("usedBytes"), e.getLong("liveBytes"), nanos(e.getStartTime()));
                case PageLockContendedEvent.NAME -> new ProbeEvents.LockWait(text(e, "space"), nanos(e.getStartTime()),
                        nanos(e.getEndTime()), thread(e));
                default -> null;
            };
        } catch (IllegalArgumentException | NullPointerException | ClassCastException x) {
            throw new IOException("event " + e.getEventType().getName() + " lacks a field or has one of the wrong "
                    + "type (" + x.getMessage() + ")");
        }
    }

    private static void dispatch(Record r, Sink sink) throws IOException {
        if (r instanceof ProbeEvents.Gc g) {
            sink.gc(g);
        } else if (r instanceof ProbeEvents.Packet p) {
            sink.packet(p);
        } else if (r instanceof ProbeEvents.Edges d) {
            sink.edges(d);
        } else if (r instanceof ProbeEvents.Bucket b) {
            sink.bucket(b);
        } else if (r instanceof ProbeEvents.SlowPath s) {
            sink.slowPath(s);
        } else if (r instanceof ProbeEvents.Heap h) {
            sink.heap(h);
        } else if (r instanceof ProbeEvents.LockWait w) {
            sink.lockWait(w);
        }
    }

    private static String text(RecordedEvent e, String field) throws IOException {
        String s = e.getString(field);
        if (s == null) {
            throw new IOException("event " + e.getEventType().getName() + " has no " + field);
        }
        return s;
    }

    /** A field that recordings made before it existed lack: -1 then. */
    private static long optionalLong(RecordedEvent e, String field) {
        return e.hasField(field) ? e.getLong(field) : -1;
    }

    private static long nanos(Instant t) throws IOException {
        if (t == null) {
            throw new IOException("an event has no time");
        }
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static long thread(RecordedEvent e) {
        RecordedThread t = e.getThread();
        return t == null ? -1 : t.getJavaThreadId();
    }
}
