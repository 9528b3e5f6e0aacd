package org.jmmtk.tools.error;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.core.extension.ExtensionException;
import org.jmmtk.core.heap.SimulatedOutOfMemoryError;
import picocli.CommandLine;

/**
 * Turns exceptions escaping a command into one-line messages and exit codes: bad input (malformed
 * traces, unknown names, impossible sizes, missing or unwritable files, added jars that are missing or
 * whose providers fail to load) exits 2; a simulated
 * out-of-memory or an exhausted host JVM exits 1, wherever in the cause chain it is (a GC worker wraps
 * what its packet threw). Anything else is a bug in jmmtk: one "internal error" line, exit 1, and the
 * stack trace only with {@code --debug}. Messages are escaped and cut to {@link #MAX_MESSAGE} characters.
 */
public final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
    /** Longest message printed (the input it quotes is cut shorter still, see {@link Quote}). */
    static final int MAX_MESSAGE = 1000;

    private final boolean debug;

    public ErrorHandler(boolean debug) {
        this.debug = debug;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, CommandLine.ParseResult parseResult) {
        return handle(ex, cmd);
    }

    /** The exit code for {@code t}, after printing its message. */
    public int handle(Throwable t, CommandLine cmd) {
        for (Throwable e = t; e != null; e = e.getCause()) {
            if (e instanceof OutOfMemoryError) {
                return hostOutOfMemory(cmd);
            }
            if (e instanceof SimulatedOutOfMemoryError || e instanceof RunFailedException) {
                return fail(cmd, e.getMessage(), ExitCodes.FAILED);
            }
            if (e instanceof TraceException || e instanceof UsageException) {
                return fail(cmd, e.getMessage(), ExitCodes.USAGE);
            }
            if (e instanceof ExtensionException) {
                // the added code's own bug may be behind it, so --debug shows where it threw
                return failWithTrace(cmd, e, ExitCodes.USAGE);
            }
        }
        Throwable e = t instanceof UncheckedIOException u ? u.getCause() : t;
        if (e instanceof IllegalArgumentException) {
            return fail(cmd, e.getMessage(), ExitCodes.USAGE);
        }
        if (e instanceof IOException io) {
            return fail(cmd, IoErrors.describe(io), ExitCodes.USAGE);
        }
        return internalError(t, cmd.getErr());
    }

    /** A bug: one line, and the stack trace with {@code --debug}. */
    int internalError(Throwable t, PrintWriter err) {
        err.println("jmmtk: internal error (a bug in jmmtk; please report it): " + clip(String.valueOf(t))
                + (debug ? "" : "; run again with --debug for the stack trace"));
        if (debug) {
            t.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.FAILED;
    }

    private int failWithTrace(CommandLine cmd, Throwable e, int code) {
        int c = fail(cmd, e.getMessage(), code);
        if (debug) {
            e.printStackTrace(cmd.getErr());
            cmd.getErr().flush();
        }
        return c;
    }

    public static int fail(CommandLine cmd, String message, int code) {
        cmd.getErr().println("jmmtk: " + clip(message));
        cmd.getErr().flush();
        return code;
    }

    private static String clip(String message) {
        String m = Quote.escape(message == null ? "(no message)" : message);
        return m.length() <= MAX_MESSAGE ? m : m.substring(0, MAX_MESSAGE) + "...";
    }

    /** Host-JVM exhaustion is an {@link Error}, so the entry point catches it too. */
    public static int hostOutOfMemory(CommandLine cmd) {
        releaseReserve();
        return fail(cmd, HOST_OUT_OF_MEMORY, ExitCodes.FAILED);
    }

    /**
     * Lets go of the memory set aside at start, so that printing the out-of-memory hint does not run out
     * itself: the failed command's objects may still be reachable (from the stack being unwound, or another
     * thread's), and a CI run once saw the hint's own printing throw a second {@link OutOfMemoryError}.
     */
    static void releaseReserve() {
        reserve = null;
    }

    /** Freed by {@link #releaseReserve} (any thread). */
    @SuppressWarnings("unused") // held only to be let go
    private static volatile byte[] reserve = new byte[1 << 20];

    /** What jmmtk says when the JVM running it runs out of memory, on any thread. */
    static final String HOST_OUT_OF_MEMORY = "the Java VM running jmmtk ran out of memory (the simulated heap, "
            + "the replay's id table and recordings read by 'probes' all live in it); give it more with "
            + "JMMTK_JAVA_OPTS=-Xmx8g";
}
