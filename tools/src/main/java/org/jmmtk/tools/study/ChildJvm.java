package org.jmmtk.tools.study;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jmmtk.core.extension.ExtensionClassPath;
import org.jmmtk.core.extension.Extensions;

/**
 * Runs a jmmtk command line in a new JVM with this one's class path and heap options, as a study runs
 * every task: each run starts equally cold whatever ran before it in the same process (so timings do
 * not depend on how the study was split), and a run that exhausts or crashes its JVM ends only itself.
 * Any thread may run children; a shutdown hook stops those still running when this JVM is stopped.
 */
final class ChildJvm {
    /** The entry point of the jmmtk command line (a name, not a class reference: Main lists this package's commands). */
    static final String MAIN = "org.jmmtk.tools.Main";

    /** The global option and the variable that add code to a run (Main's; named here to keep this package below it). */
    static final String CLASSPATH = "--classpath";
    static final String ENV = "JMMTK_CLASSPATH";

    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroy), "jmmtk-study-stop"));
    }

    /** What a child printed, and its exit code. */
    record Exit(int code, String out, String err, double seconds) {
    }

    private final List<String> prefix;

    private ChildJvm(List<String> prefix) {
        this.prefix = List.copyOf(prefix);
    }

    /**
     * Children of this JVM: its java, its heap, {@code -XX}, {@code -Xshare} and {@code -Xlog} options (not
     * agents or debuggers; the launcher's class-data-sharing archive comes with them), its class
     * path, and the code added to this run.
     */
    static ChildJvm ofThisJvm() {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // -Xshare and -Xlog carry the launcher's class-data-sharing archive and keep it silent
            if (arg.startsWith("-Xm") || arg.startsWith("-Xss") || arg.startsWith("-XX:")
                    || arg.startsWith("-Xshare:") || arg.startsWith("-Xlog:")) {
                cmd.add(arg);
            }
        }
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                classPath.add(Path.of(entry).toAbsolutePath().toString());
            }
        }
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, classPath));
        cmd.add(MAIN);
        // the added code is named on the child's command line, whichever way it reached this JVM
        ExtensionClassPath added = Extensions.classPath();
        if (!added.isEmpty()) {
            cmd.add(CLASSPATH);
            cmd.add(added.joined());
        }
        return new ChildJvm(cmd);
    }

    /** Runs {@code jmmtk args...} to its end. */
    Exit run(List<String> args) throws IOException, InterruptedException {
        Path out = Files.createTempFile("jmmtk-study-", ".out");
        Path err = Files.createTempFile("jmmtk-study-", ".err");
        try {
            List<String> cmd = new ArrayList<>(prefix);
            cmd.addAll(args);
            long start = System.nanoTime();
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
            // the child gets the added code through --classpath; the variable would add it a second time
            pb.environment().remove(ENV);
            Process p = pb.start();
            RUNNING.add(p);
            int code;
            try {
                code = p.waitFor();
            } finally {
                RUNNING.remove(p);
                if (p.isAlive()) {
                    p.destroy();
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            return new Exit(code, text(out), text(err), seconds);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** A file's text, malformed UTF-8 replaced rather than refused. */
    private static String text(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }
}
