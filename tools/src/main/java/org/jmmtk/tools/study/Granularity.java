package org.jmmtk.tools.study;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.core.heap.SyncScheme;

/**
 * The {@code granularity:} section of a study: the Merlin paper's trace-granularity experiment
 * (section 4). Each program is replayed as its perfect trace and as each granulated trace under each
 * scheme, on the same heaps, so every metric can be normalised to the perfect trace's. Immutable.
 *
 * @param granules the granules, in bytes, in the file's order
 * @param schemes  the schemes each granulated trace is replayed under
 */
record Granularity(List<Long> granules, List<SyncScheme> schemes) {
    Granularity {
        granules = List.copyOf(granules);
        schemes = List.copyOf(schemes);
    }

    /** The perfect trace first, then each granule under each scheme. */
    List<Variant> variants() {
        List<Variant> variants = new ArrayList<>();
        variants.add(Variant.PERFECT);
        for (long g : granules) {
            for (SyncScheme s : schemes) {
                variants.add(new Variant(g, s));
            }
        }
        return variants;
    }
}
