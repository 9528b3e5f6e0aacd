package org.jmmtk.tools.calibrate;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.tools.command.Version;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.model.Calibration;
import org.jmmtk.tools.model.MemoryBandwidth;
import org.jmmtk.tools.model.ModelCosts;
import org.jmmtk.tools.option.CollectorOptions;
import org.jmmtk.tools.option.SourceOptions;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.probes.BucketOpenCost;
import org.jmmtk.tools.probes.RecordedRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jmmtk calibrate}: measures once, on the host that is to be predicted, what {@code sweep --model
 * --host} needs to give each thread count an interval: the memory bandwidth of the closure's access
 * pattern with 1 .. N threads ({@link BandwidthProbe}), the steal, wake-up and signal costs and the fan-out
 * of waking many workers ({@link Calibration}), and the bucket-opening cost of one recorded run. Writes a
 * {@link HostCalibration} (through a temporary file) or prints it. Runs on the command-line thread and
 * threads of its own that it joins.
 */
@Command(name = "calibrate", sortOptions = false,
        description = {"Measure this host for 'sweep --model --host FILE': the memory bandwidth of the closure's access "
                + "pattern on a simulated heap with 1..N threads, the steal, wake-up, bucket-opening, fan-out "
                + "and signal costs (docs/scalability.md). Run it once on the host you want predictions for; takes a few "
                + "seconds plus one recorded run of --plan on --workload with one GC thread."})
public final class CalibrateCommand implements Callable<Integer> {
    private static final long MILLIS_PER_COUNT = 200;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the calibration (JSON) to FILE, through a temporary file; default: print it.")
    Path output;

    @Option(names = "--threads", paramLabel = "N",
            description = "Measure bandwidth with 1..N threads (default: the number of processors).")
    Integer threads;

    @Option(names = "--heap-bytes", paramLabel = "SIZE", defaultValue = "48m",
            description = "Size of the simulated heap the bandwidth probe walks (default: ${DEFAULT-VALUE}).")
    String probeHeap;

    @Mixin
    CollectorOptions collector;

    @Mixin
    SourceOptions source;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        int processors = Runtime.getRuntime().availableProcessors();
        int n = threads == null ? processors : threads;
        if (n < 1 || n > 1024) {
            throw new UsageException("--threads must be between 1 and 1024, got " + n);
        }
        long heap = Options.parseSize(probeHeap);
        if (heap < 1 << 20) {
            throw new UsageException("--heap-bytes must be at least 1m, got " + probeHeap);
        }
        if (output != null) {
            OutputFile.check(output);
        }
        Plans.Entry plan = collector.planEntry();
        TraceSource src = source.open();
        long open = BucketOpenCost.median(RecordedRun.record(plan, collector.options(1), src));
        Calibration.Measured m = Calibration.measure();
        long fanOut = Calibration.fanOutNanos(Math.max(2, Math.min(n, processors) - 1));
        BandwidthProbe probe = BandwidthProbe.warmedUp(heap, MILLIS_PER_COUNT);
        double[] aggregate = new double[n];
        for (int k = 1; k <= n; k++) {
            aggregate[k - 1] = probe.aggregate(k, MILLIS_PER_COUNT);
        }
        HostCalibration c = new HostCalibration(Version.NUMBER, processors, heap, new MemoryBandwidth(aggregate),
                new ModelCosts(m.stealNanos(), m.wakeNanos(), open < 0 ? m.wakeNanos() : open, fanOut, m.signalNanos()));
        PrintWriter out = spec.commandLine().getOut();
        if (output == null) {
            c.json(out);
        } else {
            c.write(output);
            out.printf(Locale.ROOT, "calibrated %d processors: bandwidth %.2f GB/s on 1 thread, %.2f GB/s on %d; "
                    + "steal %d ns, wake-up %d ns, bucket open %d ns, fan-out %d ns per worker, signal %d ns%nwrote %s%n", processors,
                    aggregate[0] / 1e9, aggregate[n - 1] / 1e9, n, c.costs().stealNanos(), c.costs().wakeNanos(),
                    c.costs().bucketOpenNanos(), c.costs().fanOutNanos(), c.costs().signalNanos(), output);
        }
        out.flush();
        return 0;
    }
}
