package org.jmmtk.tools.record;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jmmtk.bindings.trace.ConcurrentTee;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.bindings.trace.StreamingShadowHeap;
import org.jmmtk.bindings.trace.TeeEvents;
import org.jmmtk.bindings.trace.TraceWriter;

/**
 * What record does after the program exits, on a kept agent log: first the first pass as the follower reads a
 * finished log (record runs it while the program runs), then, timed apart, the rest as record does it (the
 * first pass adopted, the pins, the second pass with the check and the writer). Prints each part's wall and
 * process CPU time and the CPU time of every thread in it: the Java threads (sampled every 5 ms, so that
 * threads that end are counted) and, from /proc, the JVM's own (compiler, collector). In the package of
 * record's classes to reach {@code FirstPass} and {@code LogFollower}. Arguments: LOG OUT STARTUP_ALLOCATED
 * STARTUP_LIVE COMMAND, as scripts/record-postpass.sh. The check and the writer run as the jar's record runs
 * them: on a thread each where the jar has {@code ConcurrentTee.pipeline}, else the writer behind the check.
 */
public class AfterProgram {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    private static final Map<Long, String> NAMES = new ConcurrentHashMap<>();
    private static final Map<Long, Long> CPU = new ConcurrentHashMap<>();

    public static void main(String[] a) throws Exception {
        Thread sampler = new Thread(() -> {
            while (true) {
                sample();
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "sampler");
        sampler.setDaemon(true);
        sampler.start();
        Path log = Path.of(a[0]);
        long t0 = System.nanoTime();
        long p0 = processCpu();
        FirstPass.Done done = FirstPass.follow(new LogFollower(log, () -> true, () -> false), log, false);
        long t1 = System.nanoTime();
        long p1 = processCpu();
        long f1 = minorFaults();
        Map<String, Double> java1 = javaThreads();
        Map<String, Double> jvm1 = jvmThreads();
        RecordedTrace trace = new RecordedTrace(log, a[4],
                new RecordedTrace.StartupHeap(true, Long.parseLong(a[2]), Long.parseLong(a[3])));
        trace.adopt(done);
        try (TraceWriter w = TraceWriter.create(Path.of(a[1]), true)) {
            Method pipeline = null;
            for (Method m : ConcurrentTee.class.getMethods()) {
                if (m.getName().equals("pipeline")) {
                    pipeline = m;
                }
            }
            if (pipeline != null) {
                pipeline.invoke(null, trace, List.of(new StreamingShadowHeap(), w), new IgnoringEvents() { });
            } else {
                ConcurrentTee.replay(trace, new TeeEvents(new StreamingShadowHeap(), w), new IgnoringEvents() { });
            }
        }
        long t2 = System.nanoTime();
        long p2 = processCpu();
        long f2 = minorFaults();
        Thread.sleep(30); // the last stage's thread has ended: let the sampler see its last figure
        Map<String, Double> java2 = javaThreads();
        Map<String, Double> jvm2 = jvmThreads();
        sampler.interrupt();
        System.out.printf("first pass (during the program in record): %.2f s wall, %.2f s process CPU%n", (t1 - t0) / 1e9, (p1 - p0) / 1e9);
        System.out.printf("after the program: %.2f s wall, %.2f s process CPU%n", (t2 - t1) / 1e9, (p2 - p1) / 1e9);
        System.out.printf("minor page faults: %d first pass, %d after%n", f1, f2 - f1);
        print("java", java1, java2);
        print("jvm", jvm1, jvm2);
        var c = trace.counts();
        System.out.printf("%d objects, %d root stores%n", c.objects(), c.rootStores());
    }

    private static void print(String kind, Map<String, Double> before, Map<String, Double> after) {
        for (var e : after.entrySet()) {
            double first = before.getOrDefault(e.getKey(), 0.0);
            if (e.getValue() >= 0.05) {
                System.out.printf("  %-4s %-32s %6.2f s first pass, %6.2f s after%n", kind, e.getKey(), first, e.getValue() - first);
            }
        }
    }

    private static void sample() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            long c = MX.getThreadCpuTime(t.getId());
            if (c >= 0) {
                NAMES.put(t.getId(), t.getName());
                CPU.put(t.getId(), c);
            }
        }
    }

    /** Each Java thread's CPU seconds, by name and id (a thread that ended keeps its last sample). */
    private static Map<String, Double> javaThreads() {
        sample();
        Map<String, Double> m = new TreeMap<>();
        CPU.forEach((id, c) -> m.put(NAMES.get(id) + "#" + id, c / 1e9));
        return m;
    }

    /** CPU seconds of the process's threads by name without their numbers (GC and compiler threads summed), from /proc. */
    private static Map<String, Double> jvmThreads() throws IOException {
        Map<String, Double> m = new TreeMap<>();
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                try {
                    String name = Files.readString(task.resolve("comm")).trim().replaceAll("[0-9#]+$", "");
                    String stat = Files.readString(task.resolve("stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    m.merge(name, (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0, Double::sum);
                } catch (IOException ended) {
                    // the thread ended while listed
                }
            }
        }
        return m;
    }

    /** The process's minor page faults so far (each a page the kernel zeroed or mapped on first touch), from /proc. */
    private static long minorFaults() throws IOException {
        String stat = Files.readString(Path.of("/proc/self/stat"));
        return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[7]);
    }

    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
