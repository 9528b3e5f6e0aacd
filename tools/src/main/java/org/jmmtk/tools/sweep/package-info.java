/**
 * {@code jmmtk sweep}: closure scaling over GC thread counts.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.tools.sweep;
