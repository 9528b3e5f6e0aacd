package org.jmmtk.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.stats.GcRecord;

/**
 * {@link ClosureBenchmark} against {@link ClosureFloorBenchmark} in thread CPU time, which a loaded
 * machine distorts far less than JMH's wall-clock throughput: one JVM holds both benchmarks' heaps and
 * alternates one full-heap collection with one floor closure, each timed by the CPU time of the calling
 * thread (with one GC thread the requesting thread is the only GC worker, so that is all the collection's
 * work). It prints, per plan, the median and minimum CPU per collection and per floor closure, their
 * ratio, and the collection's closure share (its closure's wall time over its pause, medians), so the
 * whole-collection ratio and the closure-only ratio are both given.
 *
 * <p>Usage: {@code java -Xmx8g -cp benchmarks.jar org.jmmtk.benchmarks.ClosureCpu GRAPH N [PLAN...]}
 * (plans marksweep and semispace by default; N measured pairs after N/2 warm-up pairs). Single-threaded.
 */
public final class ClosureCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ClosureCpu() {
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: ClosureCpu GRAPH N [PLAN...]");
            System.exit(2);
        }
        String graph = args[0];
        int n = Integer.parseInt(args[1]);
        String[] plans = args.length > 2 ? Arrays.copyOfRange(args, 2, args.length) : new String[] {"marksweep", "semispace"};
        for (String plan : plans) {
            measure(plan, graph, n);
        }
    }

    private static void measure(String plan, String graph, int n) {
        ClosureBenchmark collections = new ClosureBenchmark();
        collections.plan = plan;
        collections.threads = 1;
        collections.graph = graph;
        collections.build();
        ClosureFloorBenchmark floor = new ClosureFloorBenchmark();
        floor.kind = plan.equals("semispace") ? "copy" : "mark";
        floor.graph = graph;
        floor.build();
        ClosureBenchmark.Work work = new ClosureBenchmark.Work();
        long[] gcCpu = new long[n];
        long[] floorCpu = new long[n];
        long[] closureWall = new long[n];
        long[] pauseWall = new long[n];
        long edges = 0;
        long packets = 0;
        for (int i = -n / 2; i < n; i++) {
            long t0 = THREADS.getCurrentThreadCpuTime();
            GcRecord r = collections.binding().mmtk().collection().collect(GcReason.EXPLICIT);
            long t1 = THREADS.getCurrentThreadCpuTime();
            floor.closure(work);
            long t2 = THREADS.getCurrentThreadCpuTime();
            if (i >= 0) {
                gcCpu[i] = t1 - t0;
                floorCpu[i] = t2 - t1;
                closureWall[i] = r.closureNanos();
                pauseWall[i] = r.pauseNanos();
                edges = r.edgesTraced();
                packets = r.packets();
            }
        }
        collections.shutdown();
        floor.shutdown();
        double gcMedian = median(gcCpu) / 1e6;
        double floorMedian = median(floorCpu) / 1e6;
        double closureShare = median(closureWall) / median(pauseWall);
        long[] pairRatios = new long[n];
        for (int i = 0; i < n; i++) {
            pairRatios[i] = gcCpu[i] * 1000 / Math.max(1, floorCpu[i]);
        }
        System.out.printf(Locale.ROOT,
                "%s %s: %d edges, %d packets per collection; CPU ms per collection median %.2f min %.2f; floor (%s) median %.2f min %.2f;"
                        + " ratio median %.3f min %.3f, of pairs %.3f; closure share of pause %.3f; closure-only ratio %.3f%n",
                graph, plan, edges, packets, gcMedian, min(gcCpu) / 1e6, floor.kind, floorMedian, min(floorCpu) / 1e6,
                gcMedian / floorMedian, (double) min(gcCpu) / min(floorCpu), median(pairRatios) / 1000, closureShare,
                gcMedian * closureShare / floorMedian);
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2.0;
    }

    private static long min(long[] values) {
        return Arrays.stream(values).min().orElse(0);
    }
}
