package org.jmmtk.tools.study;

import java.util.List;
import org.jmmtk.core.heap.SyncScheme;

/**
 * Which trace of a program a granularity study's task replays and how (docs/studies.md): the perfect
 * trace with collections at the plan's natural points (the baseline every other variant is normalised
 * to), or the trace granulated to {@code granule} bytes replayed under one of the paper's four schemes
 * (section 3.2). Immutable.
 *
 * @param granule bytes between points of perfect knowledge; 0 for the perfect trace
 * @param scheme  how collections are placed ({@code run --sync})
 */
record Variant(long granule, SyncScheme scheme) {
    /** The perfect trace, replayed unsynchronized: on it every scheme gives the plain replay's collections. */
    static final Variant PERFECT = new Variant(0, SyncScheme.NONE);

    boolean perfect() {
        return granule == 0;
    }

    /** Its part of a task's file name: {@code perfect}, {@code g4k-mid}. */
    String token() {
        return perfect() ? "perfect" : "g" + Names.size(granule) + "-" + scheme.label;
    }

    /** The {@code run} options that replay {@code trace} this way. */
    List<String> runArgs(String trace) {
        return perfect() || !scheme.synchronizes()
                ? List.of("--trace", trace, "--sync", scheme.label)
                : List.of("--trace", trace, "--sync", scheme.label, "--granule", Long.toString(granule));
    }
}
