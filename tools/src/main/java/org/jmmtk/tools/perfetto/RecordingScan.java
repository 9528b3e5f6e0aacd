package org.jmmtk.tools.perfetto;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.function.LongConsumer;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.probes.ProbeDecoder;
import org.jmmtk.tools.probes.ProbeEvents;
import org.jmmtk.tools.probes.RecordedRuns;
import org.jmmtk.tools.probes.WindowedSink;

/**
 * The exporter's first pass over a recording: the time origin (the first jmmtk event), the collections,
 * which Java thread is which GC worker, which workers and mutators exist, and the {@link PacketIndex}
 * of the packets whose GC number passes the selection. Everything it keeps is per collection, per
 * thread or a few primitives per packet.
 */
final class RecordingScan implements ProbeDecoder.Sink {
    private final GcSelection selection;
    private final List<ProbeEvents.Gc> gcs = new ArrayList<>();
    private final Long2IntOpenHashMap workerOfThread = new Long2IntOpenHashMap();
    private final BitSet mutators = new BitSet();
    private final PacketIndex packets = new PacketIndex();
    private long origin = Long.MAX_VALUE;
    private int workerCount;
    private long events;
    private GcTable table;
    private RecordedRuns.Window window = RecordedRuns.Window.ALL;

    private RecordingScan(GcSelection selection) {
        this.selection = selection;
        workerOfThread.defaultReturnValue(-1);
    }

    /**
     * Scans run {@code run} (1-based; null: the only one) of {@code file}, telling {@code progress} the
     * events read; a usage error if it holds no jmmtk event, or several runs and none was chosen. A file
     * of several runs is read twice: once to find where the runs lie, once for the chosen one.
     */
    static RecordingScan of(Path file, GcSelection selection, Integer run, LongConsumer progress) throws IOException {
        RecordingScan scan = new RecordingScan(selection);
        ProbeDecoder.read(file, scan, progress);
        if (scan.events == 0) {
            throw new UsageException(file + ": the recording holds no jmmtk events");
        }
        scan.gcs.sort(Comparator.comparingLong(ProbeEvents.Gc::start));
        RecordedRuns.Window window = RecordedRuns.window(file, scan.gcs, run);
        if (!window.equals(RecordedRuns.Window.ALL)) {
            scan = new RecordingScan(selection);
            scan.window = window;
            ProbeDecoder.read(file, new WindowedSink(scan, window), progress);
        }
        scan.table = new GcTable(scan.gcs, selection);
        scan.packets.finish(scan.workerCount);
        return scan;
    }

    /** The part of the recording this scan covers: the chosen run's events. */
    RecordedRuns.Window window() {
        return window;
    }

    private void seen(long time) {
        events++;
        origin = Math.min(origin, time);
    }

    private void worker(int ordinal) {
        workerCount = Math.max(workerCount, ordinal + 1);
    }

    @Override
    public void gc(ProbeEvents.Gc e) {
        seen(e.start());
        gcs.add(e);
    }

    @Override
    public void packet(ProbeEvents.Packet e) {
        seen(e.start());
        worker(e.worker());
        workerOfThread.put(e.thread(), e.worker());
        if (selection.keepsNumber(e.gc())) {
            packets.add(e);
        }
    }

    @Override
    public void edges(ProbeEvents.Edges e) {
        seen(e.time());
        if (selection.keepsNumber(e.gc())) {
            packets.addEdges(e);
        }
    }

    @Override
    public void bucket(ProbeEvents.Bucket e) {
        seen(e.time());
    }

    @Override
    public void slowPath(ProbeEvents.SlowPath e) {
        seen(e.start());
        if (e.mutator() >= 0) {
            mutators.set(e.mutator());
        } else {
            worker(copyingWorker(e));
        }
    }

    @Override
    public void heap(ProbeEvents.Heap e) {
        seen(e.time());
    }

    /** The worker whose copy allocator took a slow path: the tracepoint's mutator field is -1 - ordinal. */
    static int copyingWorker(ProbeEvents.SlowPath e) {
        return -1 - e.mutator();
    }

    /** The first jmmtk event's time, in nanoseconds since the epoch: time 0 of the export. */
    long origin() {
        return origin;
    }

    GcTable gcs() {
        return table;
    }

    PacketIndex packets() {
        return packets;
    }

    /** One more than the highest worker ordinal seen. */
    int workerCount() {
        return workerCount;
    }

    BitSet mutators() {
        return mutators;
    }

    /** The worker that ran on Java thread {@code thread}, or -1 if no packet ran on it. */
    int workerOfThread(long thread) {
        return workerOfThread.get(thread);
    }

    /** jmmtk events read. */
    long events() {
        return events;
    }
}
