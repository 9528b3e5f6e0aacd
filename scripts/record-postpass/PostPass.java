import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.jmmtk.bindings.trace.ConcurrentTee;
import org.jmmtk.bindings.trace.StreamingShadowHeap;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.tools.record.RecordedTrace;

/**
 * record's post-pass alone: writes the binary trace of a kept agent log as record does after the program (the
 * check aside), with a given start-up heap and command line; prints its wall and process CPU time.
 * Arguments: LOG OUT STARTUP_ALLOCATED STARTUP_LIVE COMMAND.
 */
public class PostPass {
    public static void main(String[] a) throws Exception {
        long t0 = System.nanoTime();
        RecordedTrace.StartupHeap s = new RecordedTrace.StartupHeap(true, Long.parseLong(a[2]), Long.parseLong(a[3]));
        RecordedTrace trace = new RecordedTrace(Path.of(a[0]), a[4], s);
        try (TraceWriter w = TraceWriter.create(Path.of(a[1]), true)) {
            ConcurrentTee.replay(trace, new StreamingShadowHeap(), w);
        }
        var c = trace.counts();
        long cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        System.out.printf("post-pass: %.2f s wall, %.2f s process CPU; %d objects %d root stores%n",
                (System.nanoTime() - t0) / 1e9, cpu / 1e9, c.objects(), c.rootStores());
    }
}
