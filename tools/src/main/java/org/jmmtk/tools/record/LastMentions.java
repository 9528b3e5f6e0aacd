package org.jmmtk.tools.record;

/**
 * Which operands of which events are some object's last mention, two bits per event (its
 * {@link FirstPass#SOURCE} and {@link FirstPass#TARGET} operand), made from the first pass's table by id.
 * The second pass reads it in event order, a word per 32 events, instead of looking up the last mention
 * of every object it reads (random over a table by id: one cache miss per mention of an old object), and
 * the table by id is free for other use. Made and read by {@link RecordedTrace}'s thread.
 */
final class LastMentions {
    private final long[] bits;

    /**
     * From {@code lastMention} as {@link FirstPass#lastMention} encodes it, ids 1 to {@code maxId}, over
     * {@code events} events.
     */
    LastMentions(long[] lastMention, int maxId, long events) {
        long words = (2 * events + 63) >>> 6;
        if (words > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(events + " events: more than the second pass can index");
        }
        bits = new long[(int) Math.max(1, words)];
        for (int id = 1; id <= maxId; id++) {
            long m = lastMention[id];
            if (m != 0) {
                long bit = 2 * FirstPass.eventOf(m) + FirstPass.operandOf(m);
                bits[(int) (bit >>> 6)] |= 1L << bit;
            }
        }
    }

    /**
     * The last mentions at event {@code index}: bit {@link FirstPass#SOURCE} set when its source operand
     * is its object's last mention, bit {@link FirstPass#TARGET} when its target is.
     */
    int at(long index) {
        return (int) (bits[(int) (index >>> 5)] >>> (index << 1)) & 3;
    }
}
