package org.jmmtk.tools.error;

/** The exit codes of every jmmtk command. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** The run failed, e.g. a simulated out-of-memory. */
    public static final int FAILED = 1;
    /** Bad input or usage. */
    public static final int USAGE = 2;

    private ExitCodes() {
    }
}
