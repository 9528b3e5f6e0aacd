/**
 * Generic GC work: root scanning, ProcessEdges, the closure, the per-worker collector context and the trace
 * kinds.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md).
 */
package org.jmmtk.core.scheduling;
