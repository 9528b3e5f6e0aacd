/**
 * Statistics of a run: per-collection records, pauses, MMU, free space.
 *
 * <p>{@code GcRecord} is public API (what a {@code GcListener} receives); the rest is internal.
 */
package org.jmmtk.core.stats;
