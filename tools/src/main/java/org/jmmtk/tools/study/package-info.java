/**
 * {@code jmmtk study}: many runs in their own JVMs, merged and plotted.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.tools.study;
