package org.jmmtk.plugins.arena;

/**
 * An arena event file is malformed (bad magic, a truncated or unknown record) or inconsistent (an
 * event about an object or arena that does not exist). The reader says where: the file, the byte
 * offset of the record and its number (1 for the first record after the header, 0 for the header). A consumer such as
 * {@link ArenaReplay} throws it with the reason only; the reader that dispatched the record adds where.
 */
public final class ArenaFormatException extends IllegalArgumentException {
    private final String reason;

    public ArenaFormatException(String reason) {
        super(reason);
        this.reason = reason;
    }

    private ArenaFormatException(String where, String reason) {
        super(where + ": " + reason);
        this.reason = reason;
    }

    /** This exception's reason at {@code source}, record {@code record}, starting at byte {@code offset}. */
    static ArenaFormatException at(String source, long offset, long record, String reason) {
        return new ArenaFormatException(source + (record == 0 ? ": header" : ": record " + record) + " at byte offset "
                + offset, reason);
    }

    public String reason() {
        return reason;
    }
}
