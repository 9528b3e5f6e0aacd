package org.jmmtk.plugins.arena;

/**
 * The binary arena event file (docs/arena-events.md): the magic bytes, then records of one tag byte
 * and unsigned LEB128 varint fields, ending with an {@link #END} record that holds the number of
 * records before it, so a truncated file is told from a complete one, and (since version 2) the
 * CRC-32C of every byte before the checksum, so a damaged one is too. Constants only.
 */
public final class ArenaFormat {
    /** The first 8 bytes of every file; the version follows as a varint. */
    public static final byte[] MAGIC = {'J', 'M', 'M', 'T', 'K', 'A', 'E', 'V'};
    public static final int VERSION = 2;
    /** The first version whose END record carries the checksum; version 1 files are still read. */
    public static final int CHECKSUM_SINCE = 2;

    /** NEW_ARENA: arena, name length, name (UTF-8). */
    public static final int NEW_ARENA = 'a';
    /** DELETE_ARENA: arena. */
    public static final int DELETE_ARENA = 'x';
    /** NEW_OBJECT: arena, object, class, size. */
    public static final int NEW_OBJECT = 'n';
    /** DELETE_OBJECT: object. */
    public static final int DELETE_OBJECT = 'd';
    /** MOVE_OBJECT: old arena, old object, new arena, new object. */
    public static final int MOVE_OBJECT = 'm';
    /** GC_START: collection number. */
    public static final int GC_START = 'g';
    /** GC_END: collection number. */
    public static final int GC_END = 'e';
    /**
     * END: the number of records before it, then (version 2) the CRC-32C of every byte of the file
     * before this field, the magic bytes included; nothing may follow.
     */
    public static final int END = 'Z';

    /** The longest arena name a file may hold. */
    public static final int MAX_NAME_BYTES = 1 << 10;

    private ArenaFormat() {
    }
}
