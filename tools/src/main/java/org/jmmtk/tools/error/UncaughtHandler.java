package org.jmmtk.tools.error;

import java.io.PrintWriter;

/**
 * The last resort for an exception that kills a thread other than the command's (a mutator or helper
 * thread): the host running out of memory prints the {@code -Xmx} hint, anything else the one
 * internal-error line, and the process ends with exit 1 at once rather than wait on a dead thread.
 */
public final class UncaughtHandler implements Thread.UncaughtExceptionHandler {
    private final boolean debug;

    public UncaughtHandler(boolean debug) {
        this.debug = debug;
    }

    @Override
    public void uncaughtException(Thread thread, Throwable e) {
        boolean oom = false;
        for (Throwable c = e; c != null; c = c.getCause()) {
            oom |= c instanceof OutOfMemoryError;
        }
        if (oom) {
            ErrorHandler.releaseReserve();
        }
        PrintWriter err = new PrintWriter(System.err, true);
        if (oom) {
            err.println("jmmtk: " + ErrorHandler.HOST_OUT_OF_MEMORY);
        } else {
            new ErrorHandler(debug).internalError(e, err);
        }
        err.flush();
        Runtime.getRuntime().halt(ExitCodes.FAILED);
    }
}
