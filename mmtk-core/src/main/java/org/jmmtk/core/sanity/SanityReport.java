package org.jmmtk.core.sanity;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * What the sanity checker's own reachability walk found.
 *
 * @param objects    reachable objects
 * @param traceBytes sum of their trace sizes
 * @param ids        their ids
 */
public record SanityReport(long objects, long traceBytes, LongOpenHashSet ids) {
}
