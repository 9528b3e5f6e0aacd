package org.jmmtk.tools.study;

import org.jmmtk.core.Options;
import org.jmmtk.tools.option.HeapFactorOption;

/**
 * One heap of a study: a factor of the program's maximum live size ({@code heapFactors}), a factor of the
 * plan's minimum heap on the program ({@code minHeapFactors}) or a size in bytes ({@code heaps}), with the
 * line it was written on for messages. Immutable.
 *
 * @param ofMinHeap whether {@code factor} multiplies the minimum heap (else the maximum live size)
 */
record HeapSpec(Double factor, Long bytes, boolean ofMinHeap, int line) {
    static HeapSpec factor(double factor, int line) {
        return new HeapSpec(factor, null, false, line);
    }

    static HeapSpec minHeapFactor(double factor, int line) {
        return new HeapSpec(factor, null, true, line);
    }

    static HeapSpec bytes(long bytes, int line) {
        return new HeapSpec(null, bytes, false, line);
    }

    /** Whether it is a factor of the maximum live size. */
    boolean isFactor() {
        return factor != null && !ofMinHeap;
    }

    /** Whether it is a factor of the minimum heap. */
    boolean isMinHeapFactor() {
        return factor != null && ofMinHeap;
    }

    /**
     * Its part of a task's file name: {@code hf1p5} for a factor of 1.5, {@code mhf2} for twice the minimum
     * heap, {@code h16m} for 16 MiB.
     */
    String token() {
        return factor == null ? "h" + Names.size(bytes) : (ofMinHeap ? "mhf" : "hf") + Names.number(factor);
    }

    /** For messages: {@code heap factor 1.5}, {@code min heap factor 2}, {@code heap 16 MiB}. */
    String describe() {
        return factor == null ? "heap " + Options.formatBytes(bytes)
                : (ofMinHeap ? "min heap factor " : "heap factor ") + HeapFactorOption.plain(factor);
    }
}
