package org.jmmtk.tools;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs the jmmtk command line in-process, capturing what it prints on standard output and error. */
public final class Cli {
    /** The exit code and the captured output of one command line. */
    public record Result(int code, String out, String err) {
        public List<String> errLines() {
            return err.lines().toList();
        }
    }

    static {
        // timing outputs warn on a busy machine; tests that want the warning set a load of their own
        System.setProperty(org.jmmtk.tools.sweep.MachineLoad.PROPERTY, "0");
    }

    private Cli() {
    }

    public static synchronized Result run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            System.setErr(e);
            code = Main.execute(args);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
