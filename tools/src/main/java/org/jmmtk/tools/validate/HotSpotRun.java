package org.jmmtk.tools.validate;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.record.ProgramEnvironment;

/**
 * One run of the program on HotSpot with the Serial collector and GC logging to a file: the options
 * of a {@link Geometry} go right after {@code java}, before the program's own. The program's output
 * (standard output and error) is copied to jmmtk's standard error, so that {@code --json} output
 * stays one JSON object. Used by the command's thread (and one copying thread per run).
 *
 * @param log      what the collector did
 * @param wallNanos the run's wall time, JVM start-up included
 */
public record HotSpotRun(SerialGcLog log, long wallNanos) {
    /** The unified-logging selection: pauses, heap prints before and after each GC, ages, heap at exit. */
    static final String LOG_SELECTION = "gc,gc+start,gc+heap=debug,gc+age=trace,gc+tlab=debug,gc+heap+exit";

    /** Runs {@code java} (launcher first, then JVM options, main class and arguments) once; writes its log to {@code logFile}. */
    public static HotSpotRun run(List<String> java, Geometry geometry, Path logFile, PrintWriter err)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(java);
        List<String> options = new ArrayList<>(geometry.hotSpotOptions());
        options.add("-Xlog:" + LOG_SELECTION + ":file=" + logFile + ":uptime,level,tags");
        command.addAll(1, options);
        long start = System.nanoTime();
        Process p;
        try {
            p = ProgramEnvironment.applyTo(new ProcessBuilder(command)).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            throw new UsageException("validate: cannot run " + java.get(0) + ": " + e.getMessage());
        }
        try {
            copy(p.getInputStream(), err);
            int status = p.waitFor();
            long wall = System.nanoTime() - start;
            if (status != 0) {
                throw new UsageException("validate: the program exited with status " + status
                        + " under HotSpot" + (status > 128 ? " (killed by signal " + (status - 128) + ")" : "")
                        + "; nothing written");
            }
            SerialGcLog log = SerialGcLog.read(logFile);
            Occupancy heap = !log.collections().isEmpty() ? log.collections().get(0).before() : log.atExit();
            if (heap != null && heap.exact()) {
                try {
                    geometry.checkRan(heap);
                } catch (IllegalArgumentException e) {
                    throw new UsageException("validate: " + e.getMessage() + "; nothing written");
                }
            }
            return new HotSpotRun(log, wall);
        } finally {
            p.destroy();
        }
    }

    private static void copy(InputStream in, PrintWriter err) throws IOException {
        new InputStreamReader(in, StandardCharsets.UTF_8).transferTo(err);
        err.flush();
    }
}
