/**
 * The composition root ({@code MMTK}), the plugins' view of a heap ({@code HeapPluginContext}) and the
 * run options.
 *
 * <p>{@code Options} is public API (a run's settings, used with the conformance kit and {@code Simulation});
 * {@code MMTK} is internal apart from {@code addListener}.
 */
package org.jmmtk.core;
