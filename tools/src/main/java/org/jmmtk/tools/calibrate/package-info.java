/**
 * {@code jmmtk calibrate}: measures a host's memory bandwidth for the closure's access pattern and its scheduling
 * costs into a file that {@code sweep --model --host} reads.
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.calibrate;
