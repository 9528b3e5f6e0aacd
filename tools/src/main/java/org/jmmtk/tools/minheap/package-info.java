/**
 * {@code jmmtk minheap}: the smallest heap a plan completes in.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.tools.minheap;
