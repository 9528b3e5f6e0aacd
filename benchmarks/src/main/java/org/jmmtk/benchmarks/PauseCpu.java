package org.jmmtk.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.core.plan.PlanOptionValues;
import org.jmmtk.plans.Plans;

/**
 * The CPU time of a run's pauses and of its whole replay, for comparing a concurrent plan's pauses with a
 * stop-the-world plan's on a loaded machine, where wall times mostly measure waiting for a processor: the
 * CPU time of the threads that do collection work (the replaying thread, which is GC worker 0, and the
 * {@code jmmtk-gc-worker-*} threads, and under real pacing {@code jmmtk-concurrent-work}) is read with
 * {@link ThreadMXBean} at every pause's start and end (a plugin's GC hooks) and around the replay (the
 * worker threads of a run, started with it, are gone after it: their part is their CPU time at the last
 * pause, the run's final collection; a {@code jmmtk-concurrent-work} thread of real pacing that ended
 * between two pauses is not counted). The
 * workload is run once unreported, for the JIT, then measured; the run's final reachability collection
 * is left out. Idle workers that spin count, as they would in a pause's wall time.
 *
 * <p>Prints one tab-separated line: plan, scale, pacing, pause CPU ms, pauses, replay CPU ms, pause wall
 * ms, replay wall ms, and per kind count/CPU ms/max CPU ms.
 *
 * <p>Usage: {@code java -cp JMMTK_JAR:benchmarks/target/classes org.jmmtk.benchmarks.PauseCpu PLAN WORKLOAD
 * SCALE HEAP_FACTOR PACING|- [OPTION=VALUE,...]} (PACING: K, {@code real}, or {@code -} for none; the options
 * are the plan's, e.g. {@code initial-mark-occupancy=0,initial-mark-percent=50}). Threads: 2 GC threads.
 */
public final class PauseCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private PauseCpu() {
    }

    /** CPU nanoseconds so far of the calling thread and of the collection threads. */
    static long collectionCpu() {
        return THREADS.getCurrentThreadCpuTime() + workerCpu(null);
    }

    /**
     * CPU nanoseconds so far of the live collection threads other than the calling one ({@code
     * jmmtk-gc-worker-*}, {@code jmmtk-concurrent-work}); each one's reading is also put in {@code seen}
     * (by thread id) if not null.
     */
    private static long workerCpu(Map<Long, Long> seen) {
        long t = 0;
        for (Thread th : Thread.getAllStackTraces().keySet()) {
            String name = th.getName();
            if (name.startsWith("jmmtk-gc-worker-") || name.equals("jmmtk-concurrent-work")) {
                long c = Math.max(0, THREADS.getThreadCpuTime(th.getId()));
                t += c;
                if (seen != null) {
                    seen.put(th.getId(), c);
                }
            }
        }
        return t;
    }

    /**
     * Records each pause's kind and CPU time, and the CPU time of each collection thread at the last pause
     * it was alive for: the worker threads of a run end with it, before its CPU time can be read after it.
     */
    private static final class Meter implements Plugin {
        private final List<String> kinds = new ArrayList<>();
        private final List<Long> cpu = new ArrayList<>();
        private final Map<Long, Long> workers = new HashMap<>();
        private long start;

        @Override
        public String name() {
            return "pause-cpu";
        }

        @Override
        public int interests() {
            return ON_GC;
        }

        @Override
        public void onGcStart(int gc, String kind) {
            start = collectionCpu();
        }

        @Override
        public void onGcEnd(int gc, String kind) {
            kinds.add(kind);
            cpu.add(THREADS.getCurrentThreadCpuTime() + workerCpu(workers) - start);
        }

        /** CPU nanoseconds of the run's collection threads but the calling one, at their last pause. */
        long lastWorkerCpu() {
            long t = 0;
            for (long c : workers.values()) {
                t += c;
            }
            return t;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: PauseCpu PLAN WORKLOAD SCALE HEAP_FACTOR PACING|- [OPTION=VALUE,...]");
            System.exit(2);
        }
        Plans.Entry plan = Plans.REGISTRY.find(args[0]).orElseThrow(() -> new IllegalArgumentException("no plan " + args[0]));
        double scale = Double.parseDouble(args[2]);
        TraceSource source = Workloads.REGISTRY.find(args[1]).orElseThrow().factory().create(Workloads.DEFAULT_SEED, scale);
        long heap = (long) (Double.parseDouble(args[3]) * MaxLive.of(source).bytes());
        PlanOptionValues values = PlanOptionValues.NONE;
        if (args.length > 5) {
            for (String option : args[5].split(",")) {
                String[] kv = option.split("=", 2);
                values = values.with(plan.option(kv[0]).orElseThrow(() -> new IllegalArgumentException("no option " + kv[0])),
                        Long.parseLong(kv[1]));
            }
        }
        for (int round = 0; round < 2; round++) {
            Options options = new Options().heapBytes(heap).threads(2).planOptions(values);
            if (!args[4].equals("-")) {
                options.pacing(Pacing.parse(args[4]));
            }
            Meter meter = new Meter();
            long cpu0 = THREADS.getCurrentThreadCpuTime();
            long wall0 = System.nanoTime();
            RunResult r = Simulation.run(plan, options, source, (mmtk, binding) -> { }, List.of(meter));
            // the run's worker threads started with it and have ended: their CPU time as last read
            long cpu = THREADS.getCurrentThreadCpuTime() - cpu0 + meter.lastWorkerCpu();
            long wall = System.nanoTime() - wall0;
            if (round == 1) {
                System.out.println(report(args, meter, r, cpu, wall));
            }
        }
    }

    private static String report(String[] args, Meter meter, RunResult r, long cpu, long wall) {
        Map<String, long[]> byKind = new TreeMap<>();
        long pauseCpu = 0;
        // the last pause is the run's final reachability collection
        for (int i = 0; i < meter.kinds.size() - 1; i++) {
            long[] k = byKind.computeIfAbsent(meter.kinds.get(i), x -> new long[3]);
            long c = meter.cpu.get(i);
            k[0]++;
            k[1] += c;
            k[2] = Math.max(k[2], c);
            pauseCpu += c;
        }
        StringBuilder kinds = new StringBuilder();
        for (Map.Entry<String, long[]> e : byKind.entrySet()) {
            long[] k = e.getValue();
            kinds.append(String.format(Locale.ROOT, " %s:%d/%.1f/%.1f", e.getKey(), k[0], k[1] / 1e6, k[2] / 1e6));
        }
        return String.format(Locale.ROOT, "%s\t%s\t%s\t%.1f\t%d\t%.0f\t%.1f\t%.0f\t%s", args[0], args[2], args[4],
                pauseCpu / 1e6, meter.kinds.size() - 1, cpu / 1e6, r.pauseTotalNanos() / 1e6, wall / 1e6,
                kinds.toString().trim());
    }
}
