/**
 * Page resources, the heap geometry, the GC trigger and the simulated out-of-memory error.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md).
 */
package org.jmmtk.core.heap;
