package org.jmmtk.tools.validate;

/**
 * One collection in a Serial GC log. A young collection that HotSpot passed on to a full one (the
 * old generation could not take a worst-case promotion) is logged as a young pause that collected
 * nothing: {@link #collected} is false and it is not counted as a young GC.
 *
 * @param id            the log's {@code GC(N)} number
 * @param line          the line where it starts
 * @param young         a young pause ({@code Pause Young}) rather than a full one
 * @param cause         HotSpot's cause, e.g. {@code Allocation Failure}
 * @param uptimeSeconds when it started (NaN without the uptime decoration)
 * @param pauseMs       its pause
 * @param before        the heap before it
 * @param after         the heap after it
 * @param collected     false for a young pause HotSpot did not carry out
 * @param desiredSurvivorBytes {@code Desired survivor size}, or -1 when the log has no gc+age lines
 * @param newThreshold  the tenuring threshold chosen after it, or -1
 * @param maxThreshold  {@code MaxTenuringThreshold}, or -1
 * @param ageBytes      bytes of each age (index 1..15) in the survivor space after it; null without gc+age=trace
 * @param tlabWasteBytes bytes of eden that TLABs left unused since the collection before (their unused
 *                      rest at this collection and at refills; {@code TLAB totals}), or -1 when the log has
 *                      no gc+tlab lines
 */
public record HotSpotGc(int id, int line, boolean young, String cause, double uptimeSeconds, double pauseMs,
                        Occupancy before, Occupancy after, boolean collected, long desiredSurvivorBytes,
                        int newThreshold, int maxThreshold, long[] ageBytes, long tlabWasteBytes) {
    /** Bytes this young collection moved into the tenured generation (0 for a full collection). */
    public long promotedBytes() {
        return young && collected ? after.old() - before.old() : 0;
    }

    /** Bytes in the survivor space after it. */
    public long survivorBytes() {
        return after.from();
    }
}
