package org.jmmtk.core.policy;

/**
 * The cell sizes of a mark-sweep space's segregated free lists: 8-byte steps from the smallest object
 * (a 16-byte header) up to 128 bytes, then four classes per power of two, up to the largest cell the
 * space's blocks hold (half a block, at most 8 KiB). Objects above it go to the large object space.
 * Immutable.
 */
public final class SizeClasses {
    private static final int MIN_CELL_BYTES = 16;
    private static final int FINE_LIMIT = 128;

    private final int[] sizes;
    private final byte[] classOfGranule;

    public SizeClasses(int maxCellBytes) {
        int[] s = new int[128];
        int n = 0;
        for (int c = MIN_CELL_BYTES; c <= Math.min(FINE_LIMIT, maxCellBytes); c += 8) {
            s[n++] = c;
        }
        for (int pow = FINE_LIMIT; pow < maxCellBytes; pow <<= 1) {
            int step = pow / 4;
            for (int c = pow + step; c <= Math.min(pow * 2, maxCellBytes); c += step) {
                s[n++] = c;
            }
        }
        this.sizes = java.util.Arrays.copyOf(s, n);
        this.classOfGranule = new byte[sizes[n - 1] / 8 + 1];
        int c = 0;
        for (int g = 0; g < classOfGranule.length; g++) {
            while (sizes[c] < g * 8) {
                c++;
            }
            classOfGranule[g] = (byte) c;
        }
    }

    public int count() {
        return sizes.length;
    }

    /** The largest cell: objects above it do not belong in this space. */
    public int maxCellBytes() {
        return sizes[sizes.length - 1];
    }

    /** The smallest class whose cells hold {@code bytes} (at most {@link #maxCellBytes}). */
    public int classOf(long bytes) {
        return classOfGranule[(int) ((bytes + 7) >>> 3)];
    }

    public int cellBytes(int sizeClass) {
        return sizes[sizeClass];
    }
}
