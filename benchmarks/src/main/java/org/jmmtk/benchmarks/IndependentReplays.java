package org.jmmtk.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;

/**
 * The machine's own ceiling for {@code sweep --mutator-threads 1,2}: two replays that share nothing (each
 * with one mutator thread, its own heap, id table and trace reader) run at once on two threads, against
 * one replay alone, in one JVM. Their mutator time (wall time less pauses, as the sweep measures it)
 * alone and side by side gives the speedup two threads get from the machine when the replay adds no
 * cost of its own for running on two threads: on two processors shared with the JIT compiler and the
 * JVM's collector, and possibly two hardware threads of one core, it can be well below 2. The parallel
 * replay's speedup is to be judged against it.
 *
 * <p>Prints per round the replay alone's mutator ms, the two side by side (each), the speedup
 * {@code 2 * alone / slower of the two}, and the CPU ms of the replaying threads (collections included,
 * which one GC thread runs on them) alone and side by side: whether a replay costs more CPU beside
 * another (processor caches, memory bandwidth or a core shared) or only waits longer for a processor;
 * then the median speedup. Usage: {@code java -cp
 * JMMTK_JAR:benchmarks/target/classes org.jmmtk.benchmarks.IndependentReplays TRACE PLAN HEAP_MB GC_THREADS
 * ROUNDS WARMUP}.
 */
public final class IndependentReplays {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private IndependentReplays() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 6) {
            System.err.println("usage: IndependentReplays TRACE PLAN HEAP_MB GC_THREADS ROUNDS WARMUP");
            System.exit(2);
        }
        Plans.Entry plan = Plans.REGISTRY.find(args[1]).orElseThrow(() -> new IllegalArgumentException("no plan " + args[1]));
        Options options = new Options().heapBytes(Long.parseLong(args[2]) << 20).threads(Integer.parseInt(args[3]));
        int rounds = Integer.parseInt(args[4]);
        int warmup = Integer.parseInt(args[5]);
        // a trace source reads one replay at a time: one each
        TraceSource source = TraceFormat.open(Path.of(args[0]));
        TraceSource second = TraceFormat.open(Path.of(args[0]));
        double[] speedups = new double[rounds];
        System.out.println("# round\talone ms\tside by side ms\tspeedup\tCPU ms alone\tCPU ms side by side");
        for (int round = -warmup; round < rounds; round++) {
            double[] one = new double[2];
            replay(plan, options, source, one, 0);
            double alone = one[0];
            double[] pair = new double[4];
            Thread other = new Thread(() -> replay(plan, options, second, pair, 1), "jmmtk-independent-1");
            other.start();
            replay(plan, options, source, pair, 0);
            other.join();
            double speedup = 2 * alone / Math.max(pair[0], pair[1]);
            if (round >= 0) {
                speedups[round] = speedup;
                System.out.printf(Locale.ROOT, "%d\t%.0f\t%.0f/%.0f\t%.3f\t%.0f\t%.0f/%.0f%n", round, alone, pair[0], pair[1],
                        speedup, one[1], pair[2], pair[3]);
            }
        }
        Arrays.sort(speedups);
        System.out.printf(Locale.ROOT, "median speedup %.3f%n", speedups[rounds / 2]);
    }

    /** Replays on the calling thread: its mutator ms into {@code out[i]}, the thread's CPU ms into {@code out[i + 2]} (for i 0; {@code out[1]} for a pair's second). */
    private static void replay(Plans.Entry plan, Options options, TraceSource source, double[] out, int i) {
        long cpu = THREADS.getCurrentThreadCpuTime();
        try {
            out[i] = mutatorMs(Simulation.run(plan, options, source));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        out[out.length == 2 ? 1 : i + 2] = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6;
    }

    private static double mutatorMs(RunResult r) {
        return (r.wallNanos() - r.pauseTotalNanos()) / 1e6;
    }
}
