/**
 * {@code jmmtk trace}: gen, import, convert, stats and dump.
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.trace;
