package org.jmmtk.tools.perfetto;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import org.jmmtk.tools.probes.ProbeDecoder;
import org.jmmtk.tools.probes.ProbeEvents;

/**
 * The exporter's second pass: turns each jmmtk event, in the order the recording hands them over, into
 * trace events, using what the first pass ({@link RecordingScan}) learnt for everything that depends on
 * other events (clamped packet spans, edge counts, where a packet's parent ran, which GCs are kept).
 *
 * <p>Flows: for a drawn packet whose parent is drawn too, a flow starts at the parent's start on the
 * parent's track (Perfetto binds it to the slice on top there) and ends with {@code "bp":"e"} at the
 * child's start on the child's track; the flow id is the child's packet id, unique within a run. Nothing
 * else on a worker track starts at a packet's start (see {@link PacketIndex#fit}), so both ends bind to
 * the packets themselves.
 */
final class TimelineWriter implements ProbeDecoder.Sink {
    private final RecordingScan scan;
    private final PacketIndex packets;
    private final GcTable gcs;
    private final Tracks tracks;
    private final TraceEventWriter out;
    private final ExportOptions options;
    private final PacketSummaries summaries = new PacketSummaries();
    private long packetSlices;
    private long flows;

    TimelineWriter(RecordingScan scan, Tracks tracks, TraceEventWriter out, ExportOptions options) {
        this.scan = scan;
        this.packets = scan.packets();
        this.gcs = scan.gcs();
        this.tracks = tracks;
        this.out = out;
        this.options = options;
    }

    /** Export time: nanoseconds since the recording's first jmmtk event. */
    private long time(long nanos) {
        return nanos - scan.origin();
    }

    @Override
    public void gc(ProbeEvents.Gc e) throws IOException {
        if (!gcs.keeps(e.gc())) {
            return;
        }
        out.complete(Tracks.GC_PID, Tracks.GC_TID, "GC " + e.gc() + " (" + e.kind() + ", " + e.reason() + ")",
                time(e.start()), Math.max(0, e.end() - e.start()));
        JsonGenerator args = out.args();
        args.writeNumberField("gc", e.gc());
        args.writeStringField("plan", e.plan());
        args.writeStringField("kind", e.kind());
        args.writeStringField("reason", e.reason());
        out.end();
    }

    @Override
    public void packet(ProbeEvents.Packet e) throws IOException {
        if (!gcs.keeps(e.gc())) {
            return;
        }
        int i = packets.find(e.id());
        if (!drawn(i)) {
            summaries.add(e.gc(), e.type(), packets.duration(i), packets.edges(i));
            return;
        }
        int tid = tracks.worker(e.worker());
        long start = time(packets.spanStart(i));
        out.complete(Tracks.GC_PID, tid, e.type(), start, packets.spanEnd(i) - packets.spanStart(i));
        JsonGenerator args = out.args();
        args.writeStringField("stage", e.stage());
        args.writeNumberField("packetId", e.id());
        args.writeNumberField("parentId", e.parent());
        args.writeStringField("source", e.source());
        if (packets.edges(i) != PacketIndex.NO_EDGES) {
            args.writeNumberField("edges", packets.edges(i));
            args.writeBooleanField("isRoots", packets.roots(i));
        }
        out.end();
        packetSlices++;
        int parent = e.parent() == 0 ? -1 : packets.find(e.parent());
        if (drawn(parent)) {
            out.flowStart(Tracks.GC_PID, tracks.worker(packets.worker(parent)), e.id(),
                    time(packets.spanStart(parent)));
            out.flowEnd(Tracks.GC_PID, tid, e.id(), start);
            flows++;
        }
    }

    /** Whether indexed packet {@code i} is drawn as a slice: its GC is kept and it is not too short. */
    private boolean drawn(int i) {
        return i >= 0 && gcs.keeps(packets.gc(i)) && packets.duration(i) >= options.minDurNanos();
    }

    /** On the track of the worker that opened the bucket, or on the GC track if another thread did. */
    @Override
    public void bucket(ProbeEvents.Bucket e) throws IOException {
        if (!gcs.keeps(e.gc())) {
            return;
        }
        int worker = scan.workerOfThread(e.thread());
        int tid = worker >= 0 ? tracks.worker(worker) : Tracks.GC_TID;
        out.instant(Tracks.GC_PID, tid, e.stage(), "bucket", time(packets.besidePacketStarts(worker, e.time())));
        out.args().writeNumberField("gc", e.gc());
        out.end();
    }

    /**
     * A mutator's slow path goes on its track, kept when no GC filter is given or when it overlaps a kept
     * GC (it includes the GC it waited for); a worker's copy-buffer refill goes on that worker's track,
     * nested in its packet, when it falls in a kept GC.
     */
    @Override
    public void slowPath(ProbeEvents.SlowPath e) throws IOException {
        if (e.mutator() >= 0) {
            if (!options.gcs().filtersNumbers() || gcs.overlapsKept(e.start(), e.end())) {
                slice(Tracks.MUTATOR_PID, tracks.mutator(e.mutator()), "AllocSlowPath", e,
                        new PacketIndex.Span(e.start(), Math.max(e.start(), e.end())));
            }
        } else if (gcs.inKept(e.start())) {
            int worker = RecordingScan.copyingWorker(e);
            slice(Tracks.GC_PID, tracks.worker(worker), "CopyBufferRefill", e, packets.fit(worker, e.start(), e.end()));
        }
    }

    private void slice(int pid, int tid, String name, ProbeEvents.SlowPath e, PacketIndex.Span span) throws IOException {
        out.complete(pid, tid, name, time(span.start()), span.duration());
        JsonGenerator args = out.args();
        args.writeNumberField("bytes", e.bytes());
        args.writeStringField("space", e.space());
        out.end();
    }

    /** Heap in use at the start and end of each kept GC, and live bytes at its end. */
    @Override
    public void heap(ProbeEvents.Heap e) throws IOException {
        if (!gcs.keeps(e.gc())) {
            return;
        }
        out.counter(Tracks.GC_PID, Tracks.GC_TID, "heap in use", time(e.time()), "bytes", e.usedBytes());
        if (e.after()) {
            out.counter(Tracks.GC_PID, Tracks.GC_TID, "live after GC", time(e.time()), "bytes", e.liveBytes());
        }
    }

    /** After the pass: the summaries of the packets too short to draw. */
    void finish() throws IOException {
        summaries.write(out, Tracks.GC_PID, tracks.summaries(), gc -> time(gcs.get(gc).start()),
                options.minDurNanos());
    }

    /** Packets drawn as slices. */
    long packetSlices() {
        return packetSlices;
    }

    /** Packets counted into summaries instead. */
    long summarisedPackets() {
        return summaries.packets();
    }

    /** Flow arrows, parent packet to child packet. */
    long flows() {
        return flows;
    }
}
