package org.jmmtk.core.policy;

/**
 * The cell sizes of the segregated free lists: 8-byte steps up to 64 bytes, then four classes per
 * power of two up to {@link #MAX_CELL_BYTES}. Larger objects go to the large object space.
 */
public final class SizeClasses {
    public static final int MAX_CELL_BYTES = 8192;
    private static final int[] SIZES;
    private static final byte[] CLASS_OF_GRANULE;

    static {
        int[] sizes = new int[64];
        int n = 0;
        for (int s = 24; s <= 64; s += 8) {
            sizes[n++] = s;
        }
        for (int pow = 64; pow < MAX_CELL_BYTES; pow <<= 1) {
            int step = pow / 4;
            for (int s = pow + step; s <= pow * 2; s += step) {
                sizes[n++] = s;
            }
        }
        SIZES = java.util.Arrays.copyOf(sizes, n);
        CLASS_OF_GRANULE = new byte[MAX_CELL_BYTES / 8 + 1];
        int c = 0;
        for (int g = 0; g < CLASS_OF_GRANULE.length; g++) {
            while (SIZES[c] < g * 8) {
                c++;
            }
            CLASS_OF_GRANULE[g] = (byte) c;
        }
    }

    private SizeClasses() {
    }

    public static int count() {
        return SIZES.length;
    }

    /** The smallest class whose cells hold {@code bytes} (at most {@link #MAX_CELL_BYTES}). */
    public static int classOf(long bytes) {
        return CLASS_OF_GRANULE[(int) ((bytes + 7) >>> 3)];
    }

    public static int cellBytes(int sizeClass) {
        return SIZES[sizeClass];
    }
}
