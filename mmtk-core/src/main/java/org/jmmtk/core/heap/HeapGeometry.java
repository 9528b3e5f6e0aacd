package org.jmmtk.core.heap;

import org.jmmtk.core.util.Bytes;
import org.jmmtk.core.util.FormatLocale;

/**
 * The granularity of a simulated heap: page (the unit of the heap budget and of page resources),
 * mark-sweep block (of size-class cells), Immix block and line, thread-local allocation buffer
 * (bump-pointer block), and the size above which objects go to the large object space by default.
 * MMTk's fixed sizes (4 KiB pages, 64 KiB mark-sweep blocks, 32 KiB Immix blocks of 256 B lines, 32 KiB
 * bump blocks, 8 KiB large objects) fit gigabyte heaps; in a 16 KiB heap they would round the heap
 * away. So by default each size scales with the heap and reaches MMTk's at a 4-16 MiB heap, but
 * never below what keeps its policy realistic:
 *
 * <pre>
 *  page        = clamp(heap / 1024, 64 B, 4 KiB)       buffer = clamp(heap / 128, page, 32 KiB)
 *  block       = clamp(heap / 256, max(page, 64 B), 64 KiB)                 (mark-sweep)
 *  line        = clamp(heap / 64 KiB, 64 B, 256 B)                           (Immix)
 *  immix block = clamp(heap / 512, 32 lines, 32 KiB), at most heap / 4      (Immix: 32 to 128 lines)
 *  large objects: above min(8 KiB, heap / 8)  (mark-sweep: above min(8 KiB, block / 2);
 *                                              Immix: above min(8 KiB, immix block / 2))
 * </pre>
 *
 * (each rounded down to a power of two). <b>Lines</b> are never smaller than a typical object, 64 B
 * (the median object of a recorded Java program is 24 B, of the phases workload 56 B), because the line
 * is Immix's unit of reclamation: an object larger than a line marks every line it spans and the next
 * one is kept too (conservative marking), and it is a medium object, which goes to the overflow block
 * whenever it does not fit the rest of the current hole, so holes of recyclable blocks cannot take it.
 * With the 16-byte lines the heap/256 blocks once gave, Immix needed 2-3 times the live size where
 * mark-sweep needed 1.1. Lines are not larger either: a line is free only when every object in it is
 * dead, and on the recorded program 128-byte lines needed 2.3 times the live size, 64-byte ones 1.7
 * (the best line was about the median object, rounded to a power of two). From an 8 MiB heap lines
 * grow to mmtk-core's 256 B. <b>Immix blocks</b> hold at least 32 lines and from a 4 MiB heap 128
 * (mmtk-core's 32 KiB of 256 B lines), so that a block has holes to recycle, medium objects fit the
 * overflow block, and defragmentation's histogram of holes per block has bins; heap/512 keeps at least
 * 512 of them (a block with 64 lines at a 2.4 MiB heap defragmented the phases workload, one with 128
 * did not: every block fell in one bin of the spill histogram, none could be evacuated and the run
 * was out of memory at 2 times the live size). Below 8 KiB a heap could not hold four such blocks, so
 * there the Immix block is a quarter of the heap and the line a 32nd of it (at least 16 B).
 * <b>Mark-sweep blocks</b> stay small because each mutator holds a partly used block per size class:
 * with 256 blocks in the heap, two mutators using 25 classes hold a fifth of it at most; with 64,
 * mark-sweep needed 1.7-1.8 times the live size of the random workload instead of 1.2. Any size can
 * be given instead (a given {@code --block-size} is both blocks; a given line or block takes
 * precedence over the rule); every size is a power of two. Immutable.
 */
public final class HeapGeometry {
    public static final int MIN_PAGE_BYTES = 64;
    public static final int MAX_PAGE_BYTES = 4096;
    public static final int MAX_BUFFER_BYTES = 32 << 10;
    public static final int MAX_BLOCK_BYTES = 64 << 10;
    /** The smallest line that may be given; the default is never below {@link #MIN_DEFAULT_LINE_BYTES}. */
    public static final int MIN_LINE_BYTES = 16;
    /** The smallest default line: a typical object fits one line. */
    public static final int MIN_DEFAULT_LINE_BYTES = 64;
    public static final int MAX_LINE_BYTES = 256;
    /** The fewest lines a default Immix block holds (from an 8 KiB heap on). */
    public static final int MIN_LINES_IN_BLOCK = 32;
    public static final int MAX_IMMIX_BLOCK_BYTES = 32 << 10;
    public static final int MAX_LARGE_OBJECT_THRESHOLD = 8 << 10;

    private final int logBytesInPage;
    private final int blockBytes;
    private final int immixBlockBytes;
    private final int lineBytes;
    private final int bufferBytes;
    private final int largeObjectThreshold;

    private HeapGeometry(long heapBytes, int pageBytes, int blockBytes, int immixBlockBytes, int lineBytes,
            int bufferBytes) {
        this.logBytesInPage = Integer.numberOfTrailingZeros(pageBytes);
        this.blockBytes = blockBytes;
        this.immixBlockBytes = immixBlockBytes;
        this.lineBytes = lineBytes;
        this.bufferBytes = bufferBytes;
        this.largeObjectThreshold = scaled(heapBytes / 8, MIN_LINE_BYTES, MAX_LARGE_OBJECT_THRESHOLD);
    }

    /**
     * The geometry of a heap of {@code heapBytes}: each of {@code page}, {@code block}, {@code line} and
     * {@code buffer} (bytes) is used as given if positive, or scaled with the heap if 0; a given
     * {@code block} is the size of both mark-sweep and Immix blocks. Throws
     * {@link IllegalArgumentException}, naming the option, for a size that is not a power of two or
     * does not fit (a page or buffer larger than the heap, a page larger than a block, ...).
     */
    public static HeapGeometry of(long heapBytes, long page, long block, long line, long buffer) {
        check("--page-size", page, MIN_PAGE_BYTES, Math.min(heapBytes, 1L << 20));
        int pageBytes = page > 0 ? (int) page : scaled(heapBytes / 1024, MIN_PAGE_BYTES, MAX_PAGE_BYTES);
        check("--block-size", block, Math.max(pageBytes, MIN_PAGE_BYTES), Math.min(heapBytes, 1L << 24));
        int blockBytes = block > 0 ? (int) block
                : scaled(heapBytes / 256, Math.max(pageBytes, MIN_PAGE_BYTES), Math.max(pageBytes, MAX_BLOCK_BYTES));
        check("--line-size", line, MIN_LINE_BYTES, block > 0 ? block : 1L << 24);
        int ruleLine = line > 0 ? (int) line : scaled(heapBytes / (64 << 10), MIN_DEFAULT_LINE_BYTES, MAX_LINE_BYTES);
        int immixBlockBytes = block > 0 ? (int) block : immixBlock(heapBytes, pageBytes, ruleLine);
        if (line > immixBlockBytes) {
            throw new IllegalArgumentException(String.format(FormatLocale.NUMBERS,
                    "--line-size %s is larger than a block (%s)", Bytes.format(line), Bytes.format(immixBlockBytes)));
        }
        int lineBytes = line > 0 ? (int) line
                : Math.max(MIN_LINE_BYTES, Math.min(ruleLine, immixBlockBytes / MIN_LINES_IN_BLOCK));
        check("--tlab-size", buffer, pageBytes, Math.min(heapBytes, 1L << 24));
        int bufferBytes = buffer > 0 ? (int) buffer
                : scaled(heapBytes / 128, pageBytes, Math.max(pageBytes, MAX_BUFFER_BYTES));
        if (pageBytes > heapBytes) {
            throw new IllegalArgumentException(String.format(FormatLocale.NUMBERS,
                    "--page-size %s is larger than the heap (%s)", Bytes.format(pageBytes), Bytes.format(heapBytes)));
        }
        return new HeapGeometry(heapBytes, pageBytes, blockBytes, immixBlockBytes, lineBytes, bufferBytes);
    }

    /**
     * The default Immix block for lines of {@code line} bytes: heap/512, at least 32 lines and at most
     * mmtk-core's 32 KiB (or 32 lines, if more), but no more than a quarter of the heap, nor less than a page.
     */
    private static int immixBlock(long heapBytes, int pageBytes, int line) {
        int fewest = MIN_LINES_IN_BLOCK * line;
        int block = scaled(heapBytes / 512, fewest, Math.max(fewest, MAX_IMMIX_BLOCK_BYTES));
        return Math.max(pageBytes, Math.min(block, scaled(heapBytes / 4, MIN_PAGE_BYTES, block)));
    }

    /** The default geometry of a heap of {@code heapBytes}. */
    public static HeapGeometry forHeap(long heapBytes) {
        return of(heapBytes, 0, 0, 0, 0);
    }

    private static void check(String option, long value, long min, long max) {
        if (value == 0) {
            return;
        }
        if (value < 0 || Long.bitCount(value) != 1) {
            throw new IllegalArgumentException(option + " " + value + " is not a power of two");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(String.format(FormatLocale.NUMBERS, "%s %s is out of range: it must be between %s and %s",
                    option, Bytes.format(value), Bytes.format(min), Bytes.format(max)));
        }
    }

    private static int scaled(long bytes, int min, int max) {
        long clamped = Math.max(min, Math.min(max, bytes));
        return (int) Long.highestOneBit(clamped);
    }

    public int logBytesInPage() {
        return logBytesInPage;
    }

    public int pageBytes() {
        return 1 << logBytesInPage;
    }

    public int blockBytes() {
        return blockBytes;
    }

    public int pagesInBlock() {
        return blockBytes >>> logBytesInPage;
    }

    /** An Immix block: {@link #lineBytes} times 32 to 128 by default. */
    public int immixBlockBytes() {
        return immixBlockBytes;
    }

    public int pagesInImmixBlock() {
        return immixBlockBytes >>> logBytesInPage;
    }

    /** An Immix line, the unit of Immix's marking and reclamation. */
    public int lineBytes() {
        return lineBytes;
    }

    /** The size of a bump allocator's thread-local buffer. */
    public int bufferBytes() {
        return bufferBytes;
    }

    /**
     * Objects whose simulated size exceeds this go to the large object space, in plans whose spaces
     * take any size (bump-pointer spaces); MMTk's 8 KiB, or an eighth of a small heap.
     */
    public int largeObjectThreshold() {
        return largeObjectThreshold;
    }

    /** The largest cell of a mark-sweep space (half a block, at most 8 KiB); larger objects are large. */
    public int maxCellBytes() {
        return Math.min(MAX_LARGE_OBJECT_THRESHOLD, blockBytes / 2);
    }

    /** The largest object of an Immix space (half an Immix block, at most 8 KiB); larger objects are large. */
    public int maxImmixObjectBytes() {
        return Math.min(MAX_LARGE_OBJECT_THRESHOLD, immixBlockBytes / 2);
    }

    /** {@code bytes} rounded up to whole pages. */
    public long bytesToPages(long bytes) {
        return (bytes + pageBytes() - 1) >>> logBytesInPage;
    }

    public long pagesToBytes(long pages) {
        return pages << logBytesInPage;
    }

    @Override
    public String toString() {
        return String.format(FormatLocale.NUMBERS, "pages %s, blocks %s, immix blocks %s, lines %s, buffers %s",
                Bytes.format(pageBytes()), Bytes.format(blockBytes), Bytes.format(immixBlockBytes),
                Bytes.format(lineBytes), Bytes.format(bufferBytes));
    }
}
