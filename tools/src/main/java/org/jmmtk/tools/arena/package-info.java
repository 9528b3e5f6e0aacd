/**
 * {@code jmmtk arena}: JVMPI-style arena event files, written by {@code run --arena-events} and replayed.
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.arena;
