package org.jmmtk.bindings.trace;

/**
 * A trace is malformed or inconsistent. Thrown by readers (with the file and line or byte offset) and
 * by consumers such as the replay binding (with only the reason; the reader that dispatched the record
 * adds where it is). Reported to users with exit code 2.
 */
public final class TraceException extends RuntimeException {
    private final String where;
    private final String reason;

    public TraceException(String reason) {
        this(null, reason);
    }

    public TraceException(String where, String reason) {
        super(where == null ? reason : where + ": " + reason);
        this.where = where;
        this.reason = reason;
    }

    /** This exception located at {@code where} (e.g. {@code file:line}), unless it already has a location. */
    public TraceException at(String location) {
        return where != null ? this : new TraceException(location, reason);
    }

    public String where() {
        return where;
    }

    public String reason() {
        return reason;
    }
}
