package org.jmmtk.core.heap;

import java.util.Locale;
import org.jmmtk.core.util.Bytes;

/**
 * The granularity of a simulated heap: page (the unit of the heap budget and of page resources),
 * mark-sweep/Immix block, Immix line, thread-local allocation buffer (bump-pointer block), and the
 * size above which objects go to the large object space by default. MMTk's fixed sizes (4 KiB pages, 64 KiB
 * mark-sweep blocks, 256 B lines, 32 KiB bump blocks, 8 KiB large objects) fit gigabyte heaps; in a
 * 16 KiB heap they would round the heap away. So by default each size scales with the heap,
 * reaching MMTk's size at a 4 MiB (page, buffer) or 16 MiB (block) heap and staying there:
 *
 * <pre>
 *  page   = clamp(heap / 1024, 64 B, 4 KiB)       buffer = clamp(heap / 128, page, 32 KiB)
 *  block  = clamp(heap / 256, max(page, 64 B), 64 KiB)  line = clamp(block / 128, 16 B, 256 B)
 *  large objects: above min(8 KiB, heap / 8)   (block-structured spaces: above min(8 KiB, block / 2))
 * </pre>
 *
 * (each rounded down to a power of two). Blocks are small because each mutator holds a partly used
 * block per size class: with 256 blocks in the heap, two mutators using 25 classes hold a fifth of it
 * at most; with 64, mark-sweep needed 1.7-1.8 times the live size of the random workload instead of
 * 1.2. Any of them can be given instead; every size is a power of two. Immutable.
 */
public final class HeapGeometry {
    public static final int MIN_PAGE_BYTES = 64;
    public static final int MAX_PAGE_BYTES = 4096;
    public static final int MAX_BUFFER_BYTES = 32 << 10;
    public static final int MAX_BLOCK_BYTES = 64 << 10;
    public static final int MIN_LINE_BYTES = 16;
    public static final int MAX_LINE_BYTES = 256;
    public static final int MAX_LARGE_OBJECT_THRESHOLD = 8 << 10;

    private final int logBytesInPage;
    private final int blockBytes;
    private final int lineBytes;
    private final int bufferBytes;
    private final int largeObjectThreshold;

    private HeapGeometry(long heapBytes, int pageBytes, int blockBytes, int lineBytes, int bufferBytes) {
        this.logBytesInPage = Integer.numberOfTrailingZeros(pageBytes);
        this.blockBytes = blockBytes;
        this.lineBytes = lineBytes;
        this.bufferBytes = bufferBytes;
        this.largeObjectThreshold = scaled(heapBytes / 8, MIN_LINE_BYTES, MAX_LARGE_OBJECT_THRESHOLD);
    }

    /**
     * The geometry of a heap of {@code heapBytes}: each of {@code page}, {@code block}, {@code line} and
     * {@code buffer} (bytes) is used as given if positive, or scaled with the heap if 0. Throws
     * {@link IllegalArgumentException}, naming the option, for a size that is not a power of two or
     * does not fit (a page or buffer larger than the heap, a page larger than a block, ...).
     */
    public static HeapGeometry of(long heapBytes, long page, long block, long line, long buffer) {
        check("--page-size", page, MIN_PAGE_BYTES, Math.min(heapBytes, 1L << 20));
        int pageBytes = page > 0 ? (int) page : scaled(heapBytes / 1024, MIN_PAGE_BYTES, MAX_PAGE_BYTES);
        check("--block-size", block, Math.max(pageBytes, MIN_PAGE_BYTES), Math.min(heapBytes, 1L << 24));
        int blockBytes = block > 0 ? (int) block
                : scaled(heapBytes / 256, Math.max(pageBytes, MIN_PAGE_BYTES), Math.max(pageBytes, MAX_BLOCK_BYTES));
        check("--line-size", line, MIN_LINE_BYTES, blockBytes);
        int lineBytes = line > 0 ? (int) line : scaled(blockBytes / 128, MIN_LINE_BYTES, MAX_LINE_BYTES);
        check("--tlab-size", buffer, pageBytes, Math.min(heapBytes, 1L << 24));
        int bufferBytes = buffer > 0 ? (int) buffer
                : scaled(heapBytes / 128, pageBytes, Math.max(pageBytes, MAX_BUFFER_BYTES));
        if (pageBytes > heapBytes) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "--page-size %s is larger than the heap (%s)", Bytes.format(pageBytes), Bytes.format(heapBytes)));
        }
        return new HeapGeometry(heapBytes, pageBytes, blockBytes, lineBytes, bufferBytes);
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
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s %s is out of range: it must be between %s and %s",
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

    /** The largest cell of a block-structured space (half a block, at most 8 KiB); larger objects are large. */
    public int maxCellBytes() {
        return Math.min(MAX_LARGE_OBJECT_THRESHOLD, blockBytes / 2);
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
        return String.format(Locale.ROOT, "pages %s, blocks %s, lines %s, buffers %s",
                Bytes.format(pageBytes()), Bytes.format(blockBytes), Bytes.format(lineBytes), Bytes.format(bufferBytes));
    }
}
