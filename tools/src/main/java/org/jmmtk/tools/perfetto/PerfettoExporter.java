package org.jmmtk.tools.perfetto;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.probes.ProbeDecoder;
import org.jmmtk.tools.probes.WindowedSink;

/**
 * Converts a JFR recording of jmmtk's tracepoints into a Perfetto (Chrome JSON) trace: one track per GC
 * worker with every work packet a slice, bucket openings, flows from each packet to those it spawned,
 * mutators' slow paths, the collections and heap counters (docs/perfetto.md says what is where). Reads
 * the recording twice and streams the output, gzipped when the file name ends in ".gz"; what it keeps in
 * memory is a few primitives per packet and an entry per collection, never the events themselves.
 */
public final class PerfettoExporter {
    /**
     * What an export wrote: trace events, collections, packets drawn and packets summarised, flow arrows,
     * the file's size, and how many jmmtk events the recording held.
     */
    public record Result(long events, int gcs, long packetSlices, long summarisedPackets, long flows, long bytes,
                         long recordedEvents) {
    }

    private final ExportOptions options;
    /** Events (of any producer) in the recording, known after the first pass; 0 before. */
    private volatile long total;
    /** Events read so far by the current pass. */
    private volatile long read;

    public PerfettoExporter(ExportOptions options) {
        this.options = options;
    }

    /** How far the export is, from 0 to 1, for a progress bar on another thread; the first pass shows as 0. */
    public double progress() {
        long t = total;
        return t == 0 ? 0 : Math.min(1, (double) read / t);
    }

    /** Converts {@code recording} into {@code destination}; bad input is a {@link UsageException}. */
    public Result export(Path recording, Path destination) throws IOException {
        TraceFormat.requireRegularFile(recording, "recording");
        OutputFile.check(destination, recording);
        RecordingScan scan;
        try {
            scan = RecordingScan.of(recording, options.gcs(), options.run(), n -> read = n);
        } catch (IOException e) {
            throw new UsageException(recording + ": not a readable JFR recording (" + e.getMessage() + ")");
        }
        long scanned = read;
        read = 0;
        total = scanned;
        if (scan.gcs().keptCount() == 0 && options.gcs().filtersNumbers()) {
            throw new UsageException("no recorded collection matches " + options.gcs() + " (the recording has "
                    + scan.gcs().describe() + ")");
        }
        Tracks tracks = new Tracks(scan.workerCount(), scan.mutators(), options.summarises());
        TimelineWriter timeline;
        long events;
        try (OutputFile file = OutputFile.create(destination, recording)) {
            try (TraceEventWriter out = new TraceEventWriter(open(file.temp()))) {
                tracks.writeMetadata(out);
                timeline = new TimelineWriter(scan, tracks, out, options);
                ProbeDecoder.read(recording, new WindowedSink(timeline, scan.window()), n -> read = n);
                timeline.finish();
                events = out.events();
            } catch (IOException e) {
                throw OutputFile.named(destination, e);
            }
            file.commit();
        }
        return new Result(events, scan.gcs().keptCount(), timeline.packetSlices(), timeline.summarisedPackets(),
                timeline.flows(), Files.size(destination), scan.events());
    }

    private static OutputStream open(Path destination) throws IOException {
        OutputStream file = Files.newOutputStream(destination);
        if (destination.getFileName().toString().endsWith(".gz")) {
            return new BufferedOutputStream(new GZIPOutputStream(file, 1 << 16), 1 << 16);
        }
        return new BufferedOutputStream(file, 1 << 16);
    }
}
