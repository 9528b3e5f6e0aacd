package org.jmmtk.tools.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.probes.ProbeSession;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.tools.error.RunFailedException;
import org.jmmtk.tools.model.Calibration;
import org.jmmtk.tools.model.ModelCosts;
import org.jmmtk.tools.model.PacketGraph;
import org.jmmtk.tools.model.VirtualScheduler;
import org.jmmtk.tools.model.WorkSpan;
import org.jmmtk.tools.probes.BucketOpenCost;
import org.jmmtk.tools.probes.FastestGraph;
import org.jmmtk.tools.probes.GcGraph;
import org.jmmtk.tools.probes.ProbeEvents;
import org.jmmtk.tools.probes.Reports;

/**
 * {@code sweep --model}: records runs with a single GC worker, turns each collection's packets into a
 * {@link PacketGraph} (each packet at its shortest recorded duration), and replays the graphs on N virtual workers ({@link VirtualScheduler}) with
 * steal and wake-up costs measured on this machine ({@link Calibration}) and the bucket-opening cost
 * seen in the recording ({@link BucketOpenCost}). The predicted speedup for N is the median simulated
 * closure time per collection at the first thread count over that at N, as the measured speedup is.
 * Used by the command-line thread.
 */
public final class ModelSweep {
    /** The prediction for one thread count. */
    public record Prediction(int threads, double closureMs, double speedup) {
    }

    /** Everything the model used and predicted. */
    public record Result(ModelCosts costs, int gcs, long packets, double closureParallelism,
                         List<Prediction> predictions) {
        /** The prediction for {@code threads}. */
        public Prediction at(int threads) {
            return predictions.stream().filter(p -> p.threads() == threads).findFirst().orElseThrow();
        }
    }

    private ModelSweep() {
    }

    /**
     * Records {@code recordings} runs of {@code options} (with one GC thread) on {@code source}, keeps each
     * packet's shortest duration ({@link FastestGraph}) and predicts every count of {@code threads}.
     */
    public static Result predict(Plans.Entry plan, Options options, TraceSource source, int[] threads,
                                 int recordings) throws IOException {
        List<List<GcGraph>> runs = new ArrayList<>();
        List<Long> opens = new ArrayList<>();
        for (int k = 0; k < recordings; k++) {
            ProbeEvents events = record(plan, options.copy().threads(1), source);
            runs.add(GcGraph.of(events));
            long open = BucketOpenCost.median(events);
            if (open >= 0) {
                opens.add(open);
            }
        }
        List<PacketGraph> graphs = new ArrayList<>();
        for (int gc = 0; gc < runs.get(0).size(); gc++) {
            List<GcGraph> copies = new ArrayList<>();
            for (List<GcGraph> run : runs) {
                if (gc < run.size()) {
                    copies.add(run.get(gc));
                }
            }
            graphs.add(FastestGraph.of(copies));
        }
        Calibration.Measured m = Calibration.measure();
        long open = opens.isEmpty() ? m.wakeNanos()
                : (long) Bootstrap.median(opens.stream().mapToDouble(Long::doubleValue).toArray());
        return predict(graphs, threads, new ModelCosts(m.stealNanos(), m.wakeNanos(), open));
    }

    private static ProbeEvents record(Plans.Entry plan, Options options, TraceSource source) throws IOException {
        Path recording = Files.createTempFile("jmmtk-model-", ".jfr");
        try {
            RunResult r;
            try (ProbeSession session = ProbeSession.start(recording)) {
                r = Simulation.run(plan, options, source);
            }
            if (r.isOutOfMemory()) {
                throw new RunFailedException("the model's recorded run must complete, but: " + r.outOfMemory());
            }
            return Reports.withoutFinal(ProbeEvents.read(recording));
        } finally {
            Files.deleteIfExists(recording);
        }
    }

    /** Predicts the closure speedup of {@code graphs} (one per collection) for each thread count. */
    public static Result predict(List<PacketGraph> graphs, int[] threads, ModelCosts costs) {
        List<PacketGraph> withClosure = graphs.stream().filter(g -> new WorkSpan(g).work(Stage.CLOSURE) > 0).toList();
        if (withClosure.isEmpty()) {
            throw new IllegalArgumentException("the recorded run has no collection with a closure phase to model");
        }
        long work = 0;
        long span = 0;
        long packets = 0;
        for (PacketGraph g : withClosure) {
            WorkSpan ws = new WorkSpan(g);
            work += ws.work(Stage.CLOSURE);
            span += ws.span(Stage.CLOSURE);
            packets += g.size();
        }
        double[] base = closures(withClosure, threads[0], costs);
        List<Prediction> predictions = new ArrayList<>();
        for (int t : threads) {
            double[] c = closures(withClosure, t, costs);
            predictions.add(new Prediction(t, Bootstrap.median(c), Bootstrap.median(base) / Bootstrap.median(c)));
        }
        return new Result(costs, withClosure.size(), packets, span == 0 ? 1 : (double) work / span, predictions);
    }

    private static double[] closures(List<PacketGraph> graphs, int threads, ModelCosts costs) {
        double[] ms = new double[graphs.size()];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = VirtualScheduler.run(graphs.get(i), threads, costs).closureNanos() / 1e6;
        }
        return ms;
    }
}
