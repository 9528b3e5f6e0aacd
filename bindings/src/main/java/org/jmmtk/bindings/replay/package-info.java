/**
 * The trace-replay binding and {@code Simulation}, which runs one plan on one program.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md). ({@code Simulation}, {@code RunResult}, {@code HeapGraph}, {@code LogicalResult}); the
 * binding's classes are internal.
 */
package org.jmmtk.bindings.replay;
