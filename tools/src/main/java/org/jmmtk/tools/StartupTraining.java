package org.jmmtk.tools;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.jmmtk.tools.error.UncaughtHandler;

/**
 * The representative run behind the launcher's class-data-sharing archive: after each build the launcher
 * starts this class with {@code -XX:DumpLoadedClassList} and dumps the classes it loaded into a static
 * archive ({@code -Xshare:dump}), so the classes that short commands load
 * (the command line, trace readers and writers, the replay, the common plans and reports) come mapped
 * from the archive instead of being read from the jar and verified on every start. It runs a few command
 * lines through {@link Main#execute} in one JVM with their output discarded. Runs on the main thread (and
 * the plan discovery that {@link Main} starts beside it).
 */
public final class StartupTraining {
    private StartupTraining() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("jmmtk-cds-");
        PrintStream out = System.out;
        PrintStream err = System.err;
        PrintStream none = new PrintStream(OutputStream.nullOutputStream());
        System.setOut(none);
        System.setErr(none);
        int failed = 0;
        // as Main.main does before any command
        Thread.setDefaultUncaughtExceptionHandler(new UncaughtHandler(false));
        try {
            String text = dir.resolve("t.trace").toString();
            String binary = dir.resolve("t.jtb").toString();
            String[][] lines = {
                {"--help"},
                {"run", "--help"},
                // large enough that every run below collects (a marksweep collection's lambdas and records
                // were made at run time, in the first pause of every marksweep run, before)
                {"trace", "gen", "random", "--scale", "0.2", "-o", text},
                {"trace", "convert", text, "-o", binary, "--binary"},
                {"trace", "stats", binary},
                {"run", "--trace", binary, "--plan", "semispace", "--heap", "1m"},
                {"run", "--trace", text, "--plan", "marksweep", "--heap", "1m", "--json"},
                {"run", "--workload", "binarytrees", "--scale", "0.02", "--plan", "gencopy", "--heap", "1m"},
            };
            for (String[] line : lines) {
                if (Main.execute(line) != 0) {
                    failed++;
                }
            }
        } finally {
            System.setOut(out);
            System.setErr(err);
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                    Files.deleteIfExists(p);
                }
            }
        }
        // a failed line means the archive would miss what it trains for: the launcher then keeps none
        System.exit(failed == 0 ? 0 : 1);
    }
}
