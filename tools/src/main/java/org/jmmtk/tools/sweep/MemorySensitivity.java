package org.jmmtk.tools.sweep;

import java.util.Arrays;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.tools.calibrate.BandwidthProbe;
import org.jmmtk.tools.model.WorkSpan;
import org.jmmtk.tools.probes.GcGraph;
import org.jmmtk.tools.probes.RecordedRun;

/**
 * How sensitive the recorded closure is to memory traffic, measured instead of inferred from its bytes: in
 * each round, the one-thread closure's CPU time beside k {@link BandwidthProbe} threads over its time alone
 * ({@code sc}), and the probe's own slowdown among k + 1 probes ({@code sp}: its one-thread rate over its
 * per-thread rate with k + 1). The probe is the pattern's fully memory-bound thread, so a closure that spends
 * the fraction f of its time as the probe does slows by {@code 1 + f * (sp - 1)}, and
 * {@code f = (sc - 1) / (sp - 1)}, clamped to [0, 1]: of the median rounds for the best estimate, of the most
 * slowed closure against the least slowed probe for the low end. Every figure is a ratio of CPU times taken
 * on one machine in adjacent runs, so the machine's speed cancels. The share counts as measured
 * ({@link Measured#measured()}) only when every round saw the probe slowed by its neighbours ({@code sp > 1};
 * where k probes do not contend, on a machine whose memory two latency-bound threads do not share or one so
 * busy that the threads seldom run at once, there is nothing to relate the closure's slowdown to) and the
 * closure's slowdowns scatter over the rounds by at most half the probe's excess (else the share would be the
 * noise's). Runs on the command-line thread and k probe threads at a time, joined before it returns.
 */
public final class MemorySensitivity {
    /** The most the rounds' scatter may move a share that counts as measured: half its range. */
    public static final double RESOLUTION = 0.5;

    /** Length of each probe round. */
    static final long PROBE_MILLIS = 120;

    /**
     * The per-round slowdowns with {@code probes} probe threads beside: {@code closure[r]} the closure's,
     * {@code probe[r]} the probe's among {@code probes + 1}. Immutable.
     */
    public record Measured(int probes, double[] closure, double[] probe) {
        /** Not measured: no rounds. */
        public static final Measured NONE = new Measured(0, new double[0], new double[0]);

        /** Copies both arrays, of one length. */
        public Measured {
            if (closure.length != probe.length) {
                throw new IllegalArgumentException("one closure and one probe slowdown per round");
            }
            closure = closure.clone();
            probe = probe.clone();
        }

        /** The closure's slowdown in each round (a copy). */
        @Override
        public double[] closure() {
            return closure.clone();
        }

        /** The probe's slowdown among {@code probes + 1} in each round (a copy). */
        @Override
        public double[] probe() {
            return probe.clone();
        }

        /** Rounds measured. */
        public int rounds() {
            return closure.length;
        }

        /**
         * Whether the rounds resolve a share: at least two (so that their scatter is known), the probe slowed by
         * its neighbours in every one, and the scatter of the closure's slowdowns over the rounds moving the
         * share by at most {@value MemorySensitivity#RESOLUTION} ({@link #resolution()}).
         */
        public boolean measured() {
            return closure.length >= 2 && Arrays.stream(probe).min().orElseThrow() > 1 && resolution() <= RESOLUTION;
        }

        /**
         * How far the rounds' own scatter moves the share: the range of the closure's slowdowns over the least
         * slowed probe's excess, {@code (max sc - min sc) / (min sp - 1)} (infinite when the probe was not slowed).
         */
        public double resolution() {
            if (closure.length == 0) {
                return Double.POSITIVE_INFINITY;
            }
            double excess = Arrays.stream(probe).min().orElseThrow() - 1;
            double range = Arrays.stream(closure).max().orElseThrow() - Arrays.stream(closure).min().orElseThrow();
            return excess > 0 ? range / excess : Double.POSITIVE_INFINITY;
        }

        /** The share of the median slowdowns: the best estimate (NaN unless {@link #measured()}). */
        public double fraction() {
            return measured() ? fraction(closureSlowdown(), probeSlowdown()) : Double.NaN;
        }

        /**
         * The largest share the rounds allow: the most slowed closure against the least slowed probe, so that a
         * noisy measurement (a probe barely slowed) widens the interval instead of narrowing it (NaN unless
         * {@link #measured()}).
         */
        public double fractionMax() {
            return measured() ? fraction(Arrays.stream(closure).max().orElseThrow(),
                    Arrays.stream(probe).min().orElseThrow()) : Double.NaN;
        }

        /** Median slowdowns over the rounds (NaN without rounds). */
        public double closureSlowdown() {
            return closure.length == 0 ? Double.NaN : Bootstrap.median(closure);
        }

        /** See {@link #closureSlowdown()}. */
        public double probeSlowdown() {
            return probe.length == 0 ? Double.NaN : Bootstrap.median(probe);
        }

        /** {@code (closure - 1) / (probe - 1)} in [0, 1] for a probe slowdown above 1. */
        public static double fraction(double closureSlowdown, double probeSlowdown) {
            if (!(probeSlowdown > 1)) {
                throw new IllegalArgumentException("a share needs the probe slowed, got " + probeSlowdown);
            }
            return Math.min(1, Math.max(0, (closureSlowdown - 1) / (probeSlowdown - 1)));
        }
    }

    private MemorySensitivity() {
    }

    /**
     * Measures {@code rounds} rounds with {@code probes} probe threads beside the closure of {@code options}
     * (recorded with one GC thread), after one recorded run to warm the closure up. Each round records the run
     * alone and beside the probes (alternating which comes first, so a drift of the machine does not always
     * favour one), then times the probe alone and among {@code probes + 1}.
     */
    public static Measured measure(Plans.Entry plan, Options options, TraceSource source, BandwidthProbe probe,
                                   int probes, int rounds) throws Exception {
        Options one = options.copy().threads(1);
        closureCpu(plan, one, source);
        double[] closure = new double[rounds];
        double[] pair = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long alone;
            long beside;
            if (r % 2 == 0) {
                alone = closureCpu(plan, one, source);
                beside = probe.beside(probes, () -> closureCpu(plan, one, source));
            } else {
                beside = probe.beside(probes, () -> closureCpu(plan, one, source));
                alone = closureCpu(plan, one, source);
            }
            closure[r] = alone > 0 ? (double) beside / alone : 1;
            double single = probe.aggregate(1, PROBE_MILLIS);
            double together = probe.aggregate(probes + 1, PROBE_MILLIS);
            pair[r] = (probes + 1) * single / together;
        }
        return new Measured(probes, closure, pair);
    }

    /** The closure's CPU time summed over the run's collections (its packets' recorded CPU times). */
    private static long closureCpu(Plans.Entry plan, Options options, TraceSource source) throws Exception {
        long sum = 0;
        for (GcGraph g : GcGraph.of(RecordedRun.record(plan, options, source))) {
            sum += new WorkSpan(g.graph()).work(Stage.CLOSURE);
        }
        return sum;
    }
}
