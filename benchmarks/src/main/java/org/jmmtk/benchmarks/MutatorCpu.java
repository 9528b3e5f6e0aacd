package org.jmmtk.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.plans.Plans;

/**
 * The CPU time of each mutator thread of a replay, split into mutator work and the collections it ran,
 * for judging on a loaded machine how far several mutator threads can speed a replay up: wall times
 * there mostly measure waiting for a processor, while the busiest thread's mutator CPU time is what a
 * quiet machine with a processor per thread would wait for. The mutator threads ({@code
 * jmmtk-mutator-*}, and the calling thread as mutator thread 0) are read by a sampler every
 * millisecond (without a safepoint) (they end with the replay, before they can be read after it), each collection's CPU
 * time on the thread that runs it through a plugin's GC hooks (with one GC thread the requesting
 * mutator runs the collection). Runs of each mutator-thread count alternate, after {@code WARMUP}
 * unreported rounds for the JIT.
 *
 * <p>Prints per run one tab-separated line: mutator threads, round, the process's CPU ms, each mutator
 * thread's CPU ms less its collections', collections' CPU ms, wall ms less pauses, pauses, and the
 * critical-path estimate (the one-thread run's mutator CPU over the busiest thread's, against the last
 * one-thread run), and the batches that waited for the window with the wall ms spent waiting.
 *
 * <p>Usage: {@code java -cp JMMTK_JAR:benchmarks/target/classes org.jmmtk.benchmarks.MutatorCpu TRACE PLAN
 * HEAP_MB GC_THREADS COUNTS(1,2) ROUNDS WARMUP}.
 */
public final class MutatorCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private MutatorCpu() {
    }

    /** Collection CPU per thread that ran one: read at each collection's start and end on that thread. */
    private static final class GcMeter implements Plugin {
        private final Map<Long, Long> gcCpu = new HashMap<>();
        private long start;
        private long startedOn;
        private int gcs;

        @Override
        public String name() {
            return "mutator-cpu";
        }

        @Override
        public int interests() {
            return ON_GC;
        }

        @Override
        public void onGcStart(int gc, String kind) {
            startedOn = Thread.currentThread().getId();
            start = THREADS.getCurrentThreadCpuTime();
        }

        @Override
        public void onGcEnd(int gc, String kind) {
            gcs++;
            gcCpu.merge(startedOn, THREADS.getCurrentThreadCpuTime() - start, Long::sum);
        }
    }

    /** Reads the CPU time of the mutator threads every millisecond; the last reading of each stays. */
    private static final class Sampler extends Thread {
        private final Map<Long, Long> last = new HashMap<>();
        private volatile boolean stop;

        Sampler() {
            super("mutator-cpu-sampler");
            setDaemon(true);
        }

        @Override
        public void run() {
            // the threads of the caller's group (the mutator threads are started in it): enumerating them
            // needs no safepoint, which Thread.getAllStackTraces would bring every millisecond
            ThreadGroup group = getThreadGroup();
            Thread[] threads = new Thread[64];
            while (!stop) {
                int n = group.enumerate(threads, false);
                for (int i = 0; i < n; i++) {
                    Thread t = threads[i];
                    if (t.getName().startsWith("jmmtk-mutator-")) {
                        long c = THREADS.getThreadCpuTime(t.getId());
                        if (c > 0) {
                            synchronized (last) {
                                last.put(t.getId(), c);
                            }
                        }
                    }
                }
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        Map<Long, Long> finish() throws InterruptedException {
            stop = true;
            join();
            synchronized (last) {
                return new HashMap<>(last);
            }
        }
    }

    /** The window waits and the wall ms spent waiting; "?" from a jar older than these counts (for before/after runs). */
    private static String waits(RunResult r) {
        try {
            return String.format(Locale.ROOT, "%d/%.1f", r.parallel().windowWaits(), r.parallel().waitNanos() / 1e6);
        } catch (NoSuchMethodError e) {
            return "?";
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 7) {
            System.err.println("usage: MutatorCpu TRACE PLAN HEAP_MB GC_THREADS COUNTS ROUNDS WARMUP");
            System.exit(2);
        }
        Plans.Entry plan = Plans.REGISTRY.find(args[1]).orElseThrow(() -> new IllegalArgumentException("no plan " + args[1]));
        long heap = Long.parseLong(args[2]) << 20;
        int gcThreads = Integer.parseInt(args[3]);
        int[] counts = Arrays.stream(args[4].split(",")).mapToInt(Integer::parseInt).toArray();
        int rounds = Integer.parseInt(args[5]);
        int warmup = Integer.parseInt(args[6]);
        TraceSource source = TraceFormat.open(Path.of(args[0]));
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.println("# n\tround\tprocessCpu\tmutatorCpu per thread\tgcCpu\tmutatorWall\tgcs\tratio1/maxThread\twindowWaits/waitMs");
        double lastOne = Double.NaN;
        for (int round = -warmup; round < rounds; round++) {
            for (int n : counts) {
                Options options = new Options().heapBytes(heap).threads(gcThreads).mutatorThreads(n);
                GcMeter meter = new GcMeter();
                long self = Thread.currentThread().getId();
                Sampler sampler = new Sampler();
                sampler.start();
                long proc0 = os.getProcessCpuTime();
                long cpu0 = THREADS.getCurrentThreadCpuTime();
                RunResult r = Simulation.run(plan, options, source, (mmtk, binding) -> { }, List.of(meter));
                long callerCpu = THREADS.getCurrentThreadCpuTime() - cpu0;
                long proc = os.getProcessCpuTime() - proc0;
                Map<Long, Long> others = sampler.finish();
                List<Double> mutator = new ArrayList<>();
                long gcTotal = 0;
                for (long v : meter.gcCpu.values()) {
                    gcTotal += v;
                }
                mutator.add((callerCpu - meter.gcCpu.getOrDefault(self, 0L)) / 1e6);
                for (Map.Entry<Long, Long> e : others.entrySet()) {
                    mutator.add((e.getValue() - meter.gcCpu.getOrDefault(e.getKey(), 0L)) / 1e6);
                }
                double max = mutator.stream().mapToDouble(Double::doubleValue).max().orElse(0);
                if (n == 1) {
                    lastOne = max;
                }
                if (round >= 0) {
                    StringBuilder per = new StringBuilder();
                    for (double m : mutator) {
                        per.append(per.length() == 0 ? "" : "/").append(String.format(Locale.ROOT, "%.0f", m));
                    }
                    String waits = r.parallel() == null ? "-" : waits(r);
                    System.out.printf(Locale.ROOT, "%d\t%d\t%.0f\t%s\t%.0f\t%.0f\t%d\t%.3f\t%s%n", n, round, proc / 1e6,
                            per, gcTotal / 1e6, (r.wallNanos() - r.pauseTotalNanos()) / 1e6, meter.gcs,
                            lastOne / max, waits);
                }
            }
        }
    }
}
