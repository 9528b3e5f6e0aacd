package org.jmmtk.tools.probes;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.LongConsumer;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;
import org.jmmtk.probes.AllocSlowPathEvent;
import org.jmmtk.probes.BucketOpenEvent;
import org.jmmtk.probes.GcEvent;
import org.jmmtk.probes.HeapUsageEvent;
import org.jmmtk.probes.ProcessEdgesEvent;
import org.jmmtk.probes.WorkPacketEvent;

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
    }

    private ProbeDecoder() {
    }

    /** Decodes every event of {@code file} into {@code sink}; events of other producers are skipped. */
    public static void read(Path file, Sink sink) throws IOException {
        read(file, sink, n -> { });
    }

    /** As {@link #read(Path, Sink)}, telling {@code progress} how many events (of any producer) were read so far. */
    public static void read(Path file, Sink sink, LongConsumer progress) throws IOException {
        try (RecordingFile recording = new RecordingFile(file)) {
            for (long n = 1; recording.hasMoreEvents(); n++) {
                decode(recording.readEvent(), sink);
                progress.accept(n);
            }
        }
    }

    /** Hands {@code e} to the matching method of {@code sink}; returns false if it is not a jmmtk event. */
    public static boolean decode(RecordedEvent e, Sink sink) throws IOException {
        switch (e.getEventType().getName()) {
            case GcEvent.NAME -> sink.gc(new ProbeEvents.Gc(e.getInt("gc"), e.getString("plan"), e.getString("kind"),
                    e.getString("reason"), nanos(e.getStartTime()), nanos(e.getEndTime())));
            case WorkPacketEvent.NAME -> sink.packet(new ProbeEvents.Packet(e.getInt("gc"), e.getString("type"),
                    e.getInt("worker"), e.getString("stage"), e.getLong("packetId"), e.getLong("parentId"),
                    e.getString("source"), nanos(e.getStartTime()), nanos(e.getEndTime()), thread(e)));
            case ProcessEdgesEvent.NAME -> sink.edges(new ProbeEvents.Edges(e.getInt("gc"), e.getLong("packetId"),
                    e.getInt("edges"), e.getBoolean("roots"), nanos(e.getStartTime())));
            case BucketOpenEvent.NAME -> sink.bucket(new ProbeEvents.Bucket(e.getInt("gc"), e.getString("stage"),
                    nanos(e.getStartTime()), thread(e)));
            case AllocSlowPathEvent.NAME -> sink.slowPath(new ProbeEvents.SlowPath(e.getInt("mutator"),
                    e.getLong("bytes"), e.getString("space"), nanos(e.getStartTime()), nanos(e.getEndTime()),
                    thread(e)));
            case HeapUsageEvent.NAME -> sink.heap(new ProbeEvents.Heap(e.getInt("gc"), e.getBoolean("after"),
                    e.getLong("usedBytes"), e.getLong("liveBytes"), nanos(e.getStartTime())));
            default -> {
                return false;
            }
        }
        return true;
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static long thread(RecordedEvent e) {
        RecordedThread t = e.getThread();
        return t == null ? -1 : t.getJavaThreadId();
    }
}
