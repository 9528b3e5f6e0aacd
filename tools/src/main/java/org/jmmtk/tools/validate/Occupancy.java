package org.jmmtk.tools.validate;

/**
 * What HotSpot's Serial heap held at one moment, in bytes: eden, the from-survivor space (the one
 * holding survivors between collections), the to-survivor space and the tenured generation, each with
 * its capacity. Exact to the byte when read from a heap print (top minus bottom of each space);
 * rounded to kilobytes when read from the {@code DefNew:}/{@code Tenured:} summary lines.
 */
public record Occupancy(long eden, long edenCapacity, long from, long survivorCapacity, long to,
                        long old, long oldCapacity, boolean exact) {
    /** An empty heap of unknown capacities. */
    public static final Occupancy EMPTY = new Occupancy(0, 0, 0, 0, 0, 0, 0, false);

    /** Bytes in the young generation (eden and the from-space). */
    public long young() {
        return eden + from;
    }
}
