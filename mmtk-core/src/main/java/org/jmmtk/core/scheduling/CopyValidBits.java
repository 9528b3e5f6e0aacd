package org.jmmtk.core.scheduling;

import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.util.Constants;

/**
 * The valid-object bits of the copies one GC worker made and has not set yet. A copier's copies follow
 * each other in its copy buffer, so it gathers the bits of one bitmap word's worth of them and sets
 * them with one atomic instruction ({@link CopySpace#setValidObjects}) when a copy falls in another
 * word, and before its packet ends (nothing reads a copy's bit during the closure). Kept in the worker's
 * {@link Collector} rather than in the loop's locals: the copying loop of {@link CopySpaceTrace} then
 * carries no per-copy state. Only its worker touches it.
 */
final class CopyValidBits {
    private long word = -1;
    private long bits;

    /** Gathers the bit of the copy at {@code copy}, setting those gathered before if it is in another word. */
    void add(CopySpace space, long copy) {
        long w = copy >>> SideBitmap.LOG_BYTES_PER_BITMAP_WORD;
        if (w != word) {
            set(space);
            word = w;
        }
        bits |= 1L << (copy >>> Constants.LOG_BYTES_IN_WORD);
    }

    /** Sets the bits gathered (in the heap's valid-object bitmap, through {@code space}). */
    void set(CopySpace space) {
        if (bits != 0) {
            space.setValidObjects(word << SideBitmap.LOG_BYTES_PER_BITMAP_WORD, bits);
            bits = 0;
        }
    }
}
