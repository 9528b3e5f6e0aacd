package org.jmmtk.core.policy.immix;

import java.util.Arrays;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.policy.ObjectVisitor;

/**
 * The line marks of an {@link ImmixSpace} (mmtk-core's {@code Line}, the original MMTk's {@code Line}): one
 * byte of side metadata per line, indexed by block and line, and the conservative one-line rule that reads
 * them (paper section 3.1). Marking an object marks its lines: an object no larger than a line only its
 * first line; it may straddle into the next line, so a line is free only when neither it nor the line
 * before it is marked. An object larger than a line marks every line it spans (the line after is then
 * skipped too by the same rule, which wastes at most one line per medium object, as in mmtk-core). Objects
 * never cross a block boundary, so the first line of a block is free when it is unmarked.
 *
 * <p>Two tables are in play: the one allocators and sweeps read, and the one marking writes, the same
 * table except while a concurrent mark runs; a space marked concurrently has a second table, which a mark
 * fills while mutators allocate by the first ({@link ConcurrentLineMarks}). Line marks outlive the sweep
 * (the allocators find holes by them) and are cleared when the next collection of the space prepares.
 *
 * <p>Threads: GC workers mark lines in parallel (plain byte stores of the same value, a benign race), as do
 * mutators that allocate during a concurrent mark; mutators' allocators read the table of the blocks they
 * hold; clearing, and switching tables, happen in a pause.
 */
final class LineMarks {
    private final String space;
    private final SideBitmap validObjects;
    private final int blocks;
    private final long start;
    private final int logLineBytes;
    private final int lineBytes;
    private final int linesInBlock;
    // the table allocators and sweeps read; the one marking writes (the same but during a concurrent mark);
    // the second table of a space marked concurrently, null for any other
    private byte[] current;
    private byte[] marking;
    private byte[] spare;

    /**
     * The line marks of {@code blocks} blocks of {@code space} from {@code start}, declared in {@code metadata};
     * {@code validObjects} are the heap's valid-object bits.
     */
    LineMarks(SideMetadataRegistry metadata, String space, SideBitmap validObjects, int blocks, long start,
              int logLineBytes, int linesInBlock) {
        if ((long) blocks * linesInBlock > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("space " + space + " has " + (long) blocks * linesInBlock
                    + " lines, more than one line-mark table holds: use larger lines (--line-size)");
        }
        this.space = space;
        this.validObjects = validObjects;
        this.blocks = blocks;
        this.start = start;
        this.logLineBytes = logLineBytes;
        this.lineBytes = 1 << logLineBytes;
        this.linesInBlock = linesInBlock;
        this.current = table(metadata, "immix-line-mark");
        this.marking = current;
    }

    private byte[] table(SideMetadataRegistry metadata, String spec) {
        return metadata.bytes(SideMetadataSpec.local(spec, "line", lineBytes, 8), space, blocks * linesInBlock);
    }

    /** Marks the lines of the object at {@code object} of {@code size} bytes in the table marking writes. */
    void mark(long object, long size) {
        byte[] table = marking;
        long offset = object - start;
        int first = (int) (offset >>> logLineBytes);
        if (size <= lineBytes) {
            table[first] = 1;
            return;
        }
        int last = (int) ((offset + size - 1) >>> logLineBytes);
        for (int l = first; l <= last; l++) {
            table[l] = 1;
        }
    }

    /** Whether line {@code line} of block {@code b} is marked. */
    boolean isMarked(int b, int line) {
        return current[b * linesInBlock + line] != 0;
    }

    /** Whether line {@code line} of block {@code b} is free: neither it nor the line before it is marked. */
    boolean isFree(int b, int line) {
        int base = b * linesInBlock;
        return current[base + line] == 0 && (line == 0 || current[base + line - 1] == 0);
    }

    int freeLines(int b) {
        int free = 0;
        for (int l = 0; l < linesInBlock; l++) {
            if (isFree(b, l)) {
                free++;
            }
        }
        return free;
    }

    boolean anyMarked(int b) {
        for (int l = b * linesInBlock, end = l + linesInBlock; l < end; l++) {
            if (current[l] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Unmarks every line of block {@code b}. */
    void clearBlock(int b) {
        Arrays.fill(current, b * linesInBlock, (b + 1) * linesInBlock, (byte) 0);
    }

    /** Unmarks every line of the first {@code limit} blocks. */
    void clear(int limit) {
        Arrays.fill(current, 0, limit * linesInBlock, (byte) 0);
    }

    /** Declares, in {@code metadata}, the second table ({@code immix-next-line-mark}) of a space marked concurrently. */
    synchronized void addSpare(SideMetadataRegistry metadata) {
        spare = table(metadata, "immix-next-line-mark");
    }

    /** From now on marking writes the second table, first cleared over the first {@code limit} blocks. */
    synchronized void markIntoSpare(int limit) {
        Arrays.fill(spare, 0, limit * linesInBlock, (byte) 0);
        marking = spare;
    }

    /** The second table, with the marks of the mark just finished, becomes the one read; the old one the second. */
    synchronized void adoptSpare() {
        byte[] old = current;
        current = spare;
        marking = current;
        spare = old;
    }

    /**
     * Visits, in address order, the objects that start on a line of the first {@code limit} blocks marked in
     * the table marking writes. Lines no mark touched are skipped unread.
     */
    synchronized void walkObjectsOnMarkedLines(int limit, ObjectVisitor visitor) {
        byte[] table = marking;
        int lines = limit * linesInBlock;
        for (int l = 0; l < lines; l++) {
            if (table[l] == 0) {
                continue;
            }
            int run = l + 1;
            while (run < lines && table[run] != 0) {
                run++;
            }
            long from = start + ((long) l << logLineBytes);
            long to = start + ((long) run << logLineBytes);
            for (long o = validObjects.next(from, to); o >= 0; o = validObjects.next(o + 8, to)) {
                visitor.visit(o);
            }
            l = run;
        }
    }
}
