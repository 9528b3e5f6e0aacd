package org.jmmtk.tools.sweep;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.tools.calibrate.BandwidthProbe;
import org.jmmtk.tools.calibrate.HostCalibration;
import org.jmmtk.tools.model.Calibration;
import org.jmmtk.tools.model.MemoryBandwidth;
import org.jmmtk.tools.model.ModelCosts;
import org.jmmtk.tools.model.PacketGraph;
import org.jmmtk.tools.model.VirtualScheduler;
import org.jmmtk.tools.model.WorkSpan;
import org.jmmtk.tools.probes.BucketOpenCost;
import org.jmmtk.tools.probes.FastestGraph;
import org.jmmtk.tools.probes.GcGraph;
import org.jmmtk.tools.probes.ProbeEvents;
import org.jmmtk.tools.probes.RecordedRun;

/**
 * {@code sweep --model}: records runs with a single GC worker, turns each collection's packets into a
 * {@link PacketGraph} (each packet at its shortest recorded duration), and replays the graphs on N virtual
 * workers ({@link VirtualScheduler}) with steal, wake-up and fan-out costs measured on this machine
 * ({@link Calibration}) or read from a host calibration, and the bucket-opening cost seen in the recording
 * (or the host's). The high predicted speedup for N is the median simulated closure time per collection
 * at the first thread count over that at N, as the measured speedup is; the low and best ones stretch
 * each simulated closure by the memory contention of the packets running at once
 * ({@link MemoryBandwidth}), with the host's bandwidth curve or a server default. The memory shares are
 * measured where possible ({@link MemorySensitivity}: the closure's slowdown beside probe threads relative to
 * the probe's own; best estimate the median round's, low end the largest round's) and otherwise come from
 * the bytes: the best one the share of the live bytes, the low one the largest share the recording allows
 * (every live byte and one line per traced edge, none of them cached), which also caps a measured share.
 * Both are in the recording machine's own units: bytes at the one-thread rate the bandwidth probe gets on the
 * machine that recorded the closure (measured before the model runs, or from its calibration), over the
 * closure's time there, or ratios of CPU times there; the target's curve gives only the contention factor.
 * Used by the command-line thread.
 */
public final class ModelSweep {
    /** The prediction for one thread count: the best estimate, and the interval around it. */
    public record Prediction(int threads, double closureMs, double speedup, double speedupLow, double speedupHigh) {
    }

    /**
     * The memory systems the model relates: the target's bandwidth curve (its contention factor) and where it
     * came from, and the one-thread rate of the same probe on the machine that recorded the closure (its
     * memory share) and where that came from.
     */
    public record Memory(MemoryBandwidth target, String targetSource, double recorderBytesPerSecond,
                         String recorderSource, MemorySensitivity.Measured sensitivity) {
        /** Both rates positive and finite. */
        public Memory {
            if (!(recorderBytesPerSecond > 0) || Double.isInfinite(recorderBytesPerSecond)) {
                throw new IllegalArgumentException("the recorder's bandwidth must be positive, got " + recorderBytesPerSecond);
            }
        }

        /** Without a measured sensitivity: the shares come from the closure's bytes alone. */
        public Memory(MemoryBandwidth target, String targetSource, double recorderBytesPerSecond, String recorderSource) {
            this(target, targetSource, recorderBytesPerSecond, recorderSource, MemorySensitivity.Measured.NONE);
        }
    }

    /**
     * Everything the model used and predicted; {@code closureMs}, {@code liveBytes} and {@code boundBytes} are
     * the medians over collections of the simulated one-thread closure, the bytes it marked and the most bytes
     * it can move; {@code bytesFraction} and {@code bytesFractionMax} their shares of the closure at the
     * recorder's rate; {@code memoryFraction} and {@code memoryFractionMax} the shares the best estimate and the
     * low end use ({@link #shares}).
     */
    public record Result(ModelCosts costs, int gcs, long packets, double closureParallelism, double closureMs,
                         double liveBytes, double boundBytes, double bytesFraction, double bytesFractionMax,
                         double memoryFraction, double memoryFractionMax, Memory memory, List<Prediction> predictions) {
        /** The prediction for {@code threads}. */
        public Prediction at(int threads) {
            return predictions.stream().filter(p -> p.threads() == threads).findFirst().orElseThrow();
        }
    }

    private ModelSweep() {
    }

    /** Rounds of the probe for this machine's one-thread rate, and their length: about a second in all with warm-up. */
    private static final int PROBE_ROUNDS = 5;
    private static final long PROBE_MILLIS = 120;
    /** The probe's heap when the run names none: {@code jmmtk calibrate}'s default. */
    private static final long DEFAULT_PROBE_HEAP = 48L << 20;

    /**
     * Records {@code recordings} runs of {@code options} (with one GC thread) on {@code source}, keeps each
     * packet's shortest duration ({@link FastestGraph}) and predicts every count of {@code threads}, with the
     * costs and bandwidth of {@code host} (null: costs measured here, the server default bandwidth) and the
     * one-thread bandwidth of this machine from {@code recorder} (null: measured now on a heap of the run's size),
     * and the closure's memory share measured in {@code sensitivityRounds} rounds beside processors - 1 probe
     * threads (0: not measured, the shares come from the bytes).
     */
    public static Result predict(Plans.Entry plan, Options options, TraceSource source, int[] threads,
                                 int recordings, HostCalibration host, String hostName, HostCalibration recorder,
                                 String recorderName, int sensitivityRounds) throws Exception {
        List<List<GcGraph>> runs = new ArrayList<>();
        List<Long> opens = new ArrayList<>();
        Map<Integer, Long> live = new HashMap<>();
        Map<Integer, Long> edges = new HashMap<>();
        for (int k = 0; k < recordings; k++) {
            ProbeEvents events = RecordedRun.record(plan, options.copy().threads(1), source);
            runs.add(GcGraph.of(events));
            long open = BucketOpenCost.median(events);
            if (open >= 0) {
                opens.add(open);
            }
            if (k == 0) {
                for (ProbeEvents.Heap h : events.heap) {
                    if (h.after()) {
                        live.put(h.gc(), h.liveBytes());
                    }
                }
                for (ProbeEvents.Edges e : events.edges) {
                    edges.merge(e.gc(), (long) e.edges(), Long::sum);
                }
            }
        }
        List<PacketGraph> graphs = new ArrayList<>();
        List<Long> graphLive = new ArrayList<>();
        List<Long> graphEdges = new ArrayList<>();
        for (int gc = 0; gc < runs.get(0).size(); gc++) {
            List<GcGraph> copies = new ArrayList<>();
            for (List<GcGraph> run : runs) {
                if (gc < run.size()) {
                    copies.add(run.get(gc));
                }
            }
            graphs.add(FastestGraph.of(copies));
            graphLive.add(live.getOrDefault(runs.get(0).get(gc).gc().gc(), 0L));
            graphEdges.add(edges.getOrDefault(runs.get(0).get(gc).gc().gc(), 0L));
        }
        ModelCosts costs;
        if (host != null) {
            costs = host.costs();
        } else {
            Calibration.Measured m = Calibration.measure();
            long open = opens.isEmpty() ? m.wakeNanos()
                    : (long) Bootstrap.median(opens.stream().mapToDouble(Long::doubleValue).toArray());
            int waiters = Math.max(2, Math.min(Arrays.stream(threads).max().orElse(2),
                    Runtime.getRuntime().availableProcessors()) - 1);
            costs = new ModelCosts(m.stealNanos(), m.wakeNanos(), open, Calibration.fanOutNanos(waiters), m.signalNanos());
        }
        BandwidthProbe probe = BandwidthProbe.warmedUp(options.heapBytes() > 0 ? options.heapBytes() : DEFAULT_PROBE_HEAP,
                PROBE_MILLIS);
        double here = recorder != null ? recorder.bandwidth().aggregate(1) : probe.oneThread(PROBE_ROUNDS, PROBE_MILLIS);
        MemorySensitivity.Measured sensitivity = sensitivityRounds <= 0 ? MemorySensitivity.Measured.NONE
                : MemorySensitivity.measure(plan, options, source, probe,
                Math.max(1, Runtime.getRuntime().availableProcessors() - 1), sensitivityRounds);
        Memory memory = new Memory(host == null ? MemoryBandwidth.SERVER_DEFAULT : host.bandwidth(),
                host == null ? "server default" : hostName, here, recorder == null ? "measured here" : recorderName,
                sensitivity);
        return predict(graphs, graphLive.stream().mapToLong(Long::longValue).toArray(),
                graphEdges.stream().mapToLong(Long::longValue).toArray(), threads, costs, memory);
    }


    /**
     * The most bytes a closure that marks {@code liveBytes} through {@code edges} traced slots can move, in the
     * units of the bandwidth probe (a load and a mark store per line): each live byte once (scanning), and
     * for each edge the line of its target's header (the mark test, and the mark if it is the first), as
     * if no line were cached.
     */
    static double touchedBytesBound(double liveBytes, double edges) {
        return liveBytes + edges * MemoryBandwidth.LINE_BYTES;
    }

    /**
     * Predicts the closure speedup of {@code graphs} (one per collection, {@code liveBytes[i]} bytes marked by
     * graph i's closure through {@code edges[i]} traced slots, roots included) for each thread count.
     */
    public static Result predict(List<PacketGraph> graphs, long[] liveBytes, long[] edges, int[] threads,
                                 ModelCosts costs, Memory memory) {
        List<PacketGraph> withClosure = new ArrayList<>();
        List<Long> closureLive = new ArrayList<>();
        List<Long> closureEdges = new ArrayList<>();
        long work = 0;
        long span = 0;
        long packets = 0;
        for (int i = 0; i < graphs.size(); i++) {
            WorkSpan ws = new WorkSpan(graphs.get(i));
            if (ws.work(Stage.CLOSURE) > 0) {
                withClosure.add(graphs.get(i));
                closureLive.add(liveBytes[i]);
                closureEdges.add(edges[i]);
                work += ws.work(Stage.CLOSURE);
                span += ws.span(Stage.CLOSURE);
                packets += graphs.get(i).size();
            }
        }
        if (withClosure.isEmpty()) {
            throw new IllegalArgumentException("the recorded run has no collection with a closure phase to model");
        }
        double[] one = closures(withClosure, 1, costs);
        double live = Bootstrap.median(closureLive.stream().mapToDouble(Long::doubleValue).toArray());
        double traced = Bootstrap.median(closureEdges.stream().mapToDouble(Long::doubleValue).toArray());
        double oneMs = Bootstrap.median(one);
        MemoryBandwidth bandwidth = memory.target();
        double fBytes = MemoryBandwidth.memoryFraction(live, memory.recorderBytesPerSecond(), oneMs * 1e6);
        double bound = touchedBytesBound(live, traced);
        double fBytesMax = MemoryBandwidth.memoryFraction(bound, memory.recorderBytesPerSecond(), oneMs * 1e6);
        double[] shares = shares(fBytes, fBytesMax, memory.sensitivity());
        double f = shares[0];
        double fMax = shares[1];
        Contended base = contended(withClosure, threads[0], costs, one, bandwidth, f, fMax);
        List<Prediction> predictions = new ArrayList<>();
        for (int t : threads) {
            Contended c = contended(withClosure, t, costs, one, bandwidth, f, fMax);
            predictions.add(new Prediction(t, c.best, base.best / c.best, base.low / c.low, base.high / c.high));
        }
        return new Result(costs, withClosure.size(), packets, span == 0 ? 1 : (double) work / span, oneMs, live, bound,
                fBytes, fBytesMax, f, fMax, memory, predictions);
    }

    /**
     * The memory shares of the best estimate and the low end: without a measured sensitivity, the bytes' shares
     * ({@code fBytes}, {@code fBytesMax}); with one, the median round's share and the largest round's, each at
     * most the bytes' bound (a closure cannot spend more of its time on memory than moving every byte it can
     * touch takes). The best share is never above the low end's.
     */
    static double[] shares(double fBytes, double fBytesMax, MemorySensitivity.Measured sensitivity) {
        if (!sensitivity.measured()) {
            return new double[] {fBytes, fBytesMax};
        }
        double low = Math.min(fBytesMax, sensitivity.fractionMax());
        return new double[] {Math.min(low, sensitivity.fraction()), low};
    }

    /** Median simulated closure ms at one thread count: without contention, at the largest memory share, best estimate. */
    private record Contended(double high, double low, double best) {
    }

    private static Contended contended(List<PacketGraph> graphs, int threads, ModelCosts costs, double[] one,
                                       MemoryBandwidth bandwidth, double f, double fMax) {
        double[] free = closures(graphs, threads, costs);
        double[] low = new double[free.length];
        double[] best = new double[free.length];
        for (int i = 0; i < free.length; i++) {
            // packets running at once on average: the closure's work over its simulated length
            double running = free[i] == 0 ? 1 : Math.min(threads, one[i] / free[i]);
            low[i] = free[i] * bandwidth.slowdown(running, fMax);
            best[i] = free[i] * bandwidth.slowdown(running, f);
        }
        return new Contended(Bootstrap.median(free), Bootstrap.median(low), Bootstrap.median(best));
    }

    private static double[] closures(List<PacketGraph> graphs, int threads, ModelCosts costs) {
        double[] ms = new double[graphs.size()];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = VirtualScheduler.run(graphs.get(i), threads, costs).closureNanos() / 1e6;
        }
        return ms;
    }
}
