import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.trace.ConcurrentTee;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.bindings.trace.StreamingShadowHeap;
import org.jmmtk.bindings.trace.TeeEvents;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.tools.record.RecordedTrace;

/**
 * record's post-pass alone: writes the binary trace of a kept agent log as record does after the program (the
 * check and the writer aside), with a given start-up heap and command line; prints its wall and process CPU
 * time, and the CPU time of its two threads in each phase (a thread samples them every 10 ms): the first pass
 * and the second each run on the main thread and a "jmmtk-check" thread of their own, so the longer of the
 * two in each phase, summed, is what the post-pass takes on two idle cores (the load of a busy machine
 * stretches wall time, not CPU time). Arguments: LOG OUT STARTUP_ALLOCATED STARTUP_LIVE COMMAND. The writer
 * runs as the jar's record runs it: on a thread of its own behind the check ("jmmtk-check-2", its CPU not in
 * the phases' figures) where the jar has {@code ConcurrentTee.pipeline}, else behind the check on its thread
 * ({@code -Dpostpass.writerBehindCheck=true} for that with any jar). With {@code -Dpostpass.writerOnMain=true}
 * the writer runs on the main thread, as in record before 2026-11-27's second session (jars of main up to
 * d31b629). scripts/record-afterprogram.sh times what record does after the program now that the first pass
 * runs beside it.
 */
public class PostPass {
    public static void main(String[] a) throws Exception {
        long t0 = System.nanoTime();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long mainId = Thread.currentThread().getId();
        // per check thread: {id, main's CPU when it starts working, main's CPU when it ends, its CPU}
        List<long[]> phases = new ArrayList<>();
        Thread sampler = new Thread(() -> {
            while (true) {
                long mainCpu = mx.getThreadCpuTime(mainId);
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (t.getName().equals("jmmtk-check") && phases.stream().noneMatch(p -> p[0] == t.getId())) {
                        synchronized (phases) {
                            phases.add(new long[] {t.getId(), -1, -1, 0});
                        }
                    }
                }
                synchronized (phases) {
                    for (long[] p : phases) {
                        long cpu = mx.getThreadCpuTime(p[0]);
                        if (cpu >= 0) {
                            p[3] = cpu;
                            if (p[1] < 0 && cpu > 20_000_000) { // working: the second pass's thread waits through the first
                                p[1] = mainCpu;
                            }
                        } else if (p[2] < 0) {
                            p[2] = mainCpu;
                        }
                    }
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "sampler");
        sampler.setDaemon(true);
        sampler.start();
        RecordedTrace.StartupHeap s = new RecordedTrace.StartupHeap(true, Long.parseLong(a[2]), Long.parseLong(a[3]));
        RecordedTrace trace = new RecordedTrace(Path.of(a[0]), a[4], s);
        try (TraceWriter w = TraceWriter.create(Path.of(a[1]), true)) {
            java.lang.reflect.Method pipeline = null;
            for (java.lang.reflect.Method m : ConcurrentTee.class.getMethods()) {
                if (m.getName().equals("pipeline")) {
                    pipeline = m;
                }
            }
            if (Boolean.getBoolean("postpass.writerOnMain")) { // as record did before the writer moved beside the check
                ConcurrentTee.replay(trace, new StreamingShadowHeap(), w);
            } else if (pipeline != null && !Boolean.getBoolean("postpass.writerBehindCheck")) { // record from c87063a on
                pipeline.invoke(null, trace, List.of(new StreamingShadowHeap(), w), new IgnoringEvents() { });
            } else {
                ConcurrentTee.replay(trace, new TeeEvents(new StreamingShadowHeap(), w), new IgnoringEvents() { });
            }
        }
        Thread.sleep(50); // the last check thread has ended: let the sampler see it
        sampler.interrupt();
        sampler.join();
        var c = trace.counts();
        long cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        System.out.printf("post-pass: %.2f s wall, %.2f s process CPU; %d objects %d root stores%n",
                (System.nanoTime() - t0) / 1e9, cpu / 1e9, c.objects(), c.rootStores());
        double longer = 0;
        long lastEnd = 0;
        phases.sort((x, y) -> Long.compare(x[1], y[1]));
        for (int i = 0; i < phases.size(); i++) {
            long[] p = phases.get(i);
            double main = (p[2] - p[1]) / 1e9, check = p[3] / 1e9;
            System.out.printf("phase %d: main thread %.2f s CPU (%.2f s before it), check thread %.2f s CPU%n",
                    i + 1, main, (p[1] - lastEnd) / 1e9, check);
            longer += Math.max(main, check) + (p[1] - lastEnd) / 1e9;
            lastEnd = p[2];
        }
        System.out.printf("the longer thread of each phase, summed (with the main thread's time between phases): %.2f s CPU%n", longer);
    }
}
