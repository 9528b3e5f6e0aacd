/**
 * The trace format: events, sources, readers and writers, the shadow heap, the maximum live size.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md). ({@code TraceEvents}, {@code TraceSource}, {@code ShadowHeap}, {@code MaxLive}, {@code
 * TeedSource}); readers and writers are internal.
 */
package org.jmmtk.bindings.trace;
