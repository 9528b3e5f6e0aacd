package org.jmmtk.tools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.core.heap.SimulatedOutOfMemoryError;
import picocli.CommandLine;

/**
 * Turns exceptions escaping a command into one-line messages and exit codes: bad input (malformed
 * traces, unknown names, impossible sizes, missing files) exits 2; a simulated out-of-memory or an
 * exhausted host JVM exits 1. Anything else is a bug in jmmtk and keeps its stack trace.
 */
final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, CommandLine.ParseResult parseResult) {
        Throwable e = ex instanceof UncheckedIOException u ? u.getCause() : ex;
        if (e instanceof TraceException || e instanceof UsageException || e instanceof IllegalArgumentException) {
            return fail(cmd, e.getMessage(), ExitCodes.USAGE);
        }
        if (e instanceof NoSuchFileException nf) {
            return fail(cmd, nf.getFile() + ": no such file", ExitCodes.USAGE);
        }
        if (e instanceof IOException io) {
            return fail(cmd, "I/O error: " + io.getMessage(), ExitCodes.USAGE);
        }
        if (e instanceof SimulatedOutOfMemoryError oom) {
            return fail(cmd, oom.getMessage(), ExitCodes.FAILED);
        }
        throw new IllegalStateException("internal error in jmmtk (please report)", ex);
    }

    static int fail(CommandLine cmd, String message, int code) {
        cmd.getErr().println("jmmtk: " + message);
        cmd.getErr().flush();
        return code;
    }

    /** Host-JVM exhaustion is an {@link Error}, so the entry point catches it. */
    static int hostOutOfMemory(CommandLine cmd) {
        return fail(cmd, "the Java VM running jmmtk ran out of memory (the simulated heap, the replay's id table "
                + "and recordings read by 'probes' all live in it); give it more with JMMTK_JAVA_OPTS=-Xmx8g",
                ExitCodes.FAILED);
    }
}
