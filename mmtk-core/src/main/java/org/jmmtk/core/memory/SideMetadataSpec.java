package org.jmmtk.core.memory;

import static org.jmmtk.core.util.Constants.LOG_BYTES_IN_WORD;

/**
 * What one side table holds (mmtk-core's {@code SideMetadataSpec}): its name, how much memory one
 * entry describes (a granule, i.e. one possible object start, a line, a block, a region), and how many
 * bits each entry takes. A <b>global</b> spec describes every space's memory (the valid-object bits,
 * reference counts), a <b>local</b> one only the space that allocates it (line marks, block states).
 * The spec is the table's declared footprint: {@link SideMetadataRegistry} allocates every table from
 * its spec and checks the table's element size against it. Immutable.
 *
 * @param name            a short name, as {@code run --json} reports it
 * @param global          whether it describes all spaces (true) or only its own space
 * @param unit            what one entry describes: "granule", "line", "block", "region"
 * @param logBytesPerUnit log2 of the bytes of memory one entry describes
 * @param bitsPerUnit     bits of metadata per entry: 1, 8, 16, 32 or 64
 */
public record SideMetadataSpec(String name, boolean global, String unit, int logBytesPerUnit, int bitsPerUnit) {
    /** The unit of per-object metadata: one entry per 8-byte granule, where an object may start. */
    public static final String GRANULE = "granule";

    /** The valid-object bits, one per granule (mmtk-core's {@code VO_BIT}). */
    public static final SideMetadataSpec VALID_OBJECT = perGranule("vo-bit", true, 1);

    public SideMetadataSpec {
        if (Integer.bitCount(bitsPerUnit) != 1 || bitsPerUnit > 64) {
            throw new IllegalArgumentException("side metadata " + name + ": " + bitsPerUnit + " bits per " + unit);
        }
        if (logBytesPerUnit < LOG_BYTES_IN_WORD || logBytesPerUnit > 40) {
            throw new IllegalArgumentException("side metadata " + name + ": a " + unit + " of 2^" + logBytesPerUnit + " bytes");
        }
    }

    /** A spec with one entry of {@code bits} per 8-byte granule. */
    public static SideMetadataSpec perGranule(String name, boolean global, int bits) {
        return new SideMetadataSpec(name, global, GRANULE, LOG_BYTES_IN_WORD, bits);
    }

    /** A local spec with one entry of {@code bits} per {@code unit} of {@code unitBytes} (a power of two). */
    public static SideMetadataSpec local(String name, String unit, long unitBytes, int bits) {
        if (Long.bitCount(unitBytes) != 1) {
            throw new IllegalArgumentException("side metadata " + name + ": a " + unit + " of " + unitBytes + " bytes");
        }
        return new SideMetadataSpec(name, false, unit, Long.numberOfTrailingZeros(unitBytes), bits);
    }

    /**
     * log2 of the bytes of memory described per byte of metadata (mmtk-core's {@code log_data_meta_ratio}):
     * 6 for one bit per granule, never negative (an entry is at most a word, a unit at least one).
     */
    public int logDataToMetaRatio() {
        return logBytesPerUnit + 3 - Integer.numberOfTrailingZeros(bitsPerUnit);
    }

    /**
     * Pages of this metadata for {@code dataPages} pages of memory, rounded up (mmtk-core's
     * {@code data_to_meta_size_round_up}): any memory at all costs at least one page.
     */
    public long metadataPages(long dataPages) {
        int ratio = logDataToMetaRatio();
        return (dataPages + (1L << ratio) - 1) >>> ratio;
    }
}
