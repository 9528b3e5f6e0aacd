/**
 * The simulated address space: memory, layout, side bitmaps.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md).
 */
package org.jmmtk.core.memory;
