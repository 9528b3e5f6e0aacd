/**
 * Mark-sweep (MS) with segregated free lists and parallel sweeping.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.plans.marksweep;
