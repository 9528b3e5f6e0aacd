package org.jmmtk.tools.study;

import org.jmmtk.core.Options;
import org.jmmtk.tools.option.HeapFactorOption;

/**
 * One heap of a study: a factor of the program's maximum live size ({@code heapFactors}) or a size in
 * bytes ({@code heaps}), with the line it was written on for messages. Immutable.
 */
record HeapSpec(Double factor, Long bytes, int line) {
    static HeapSpec factor(double factor, int line) {
        return new HeapSpec(factor, null, line);
    }

    static HeapSpec bytes(long bytes, int line) {
        return new HeapSpec(null, bytes, line);
    }

    boolean isFactor() {
        return factor != null;
    }

    /** Its part of a task's file name: {@code hf1p5} for a factor of 1.5, {@code h16m} for 16 MiB. */
    String token() {
        return isFactor() ? "hf" + Names.number(factor) : "h" + Names.size(bytes);
    }

    /** For messages: {@code heap factor 1.5}, {@code heap 16 MiB}. */
    String describe() {
        return isFactor() ? "heap factor " + HeapFactorOption.plain(factor) : "heap " + Options.formatBytes(bytes);
    }
}
