package org.jmmtk.tools.error;

/** A run that could not complete for a reason of the run itself (a simulated out-of-memory): exit 1. */
public final class RunFailedException extends RuntimeException {
    public RunFailedException(String message) {
        super(message);
    }
}
