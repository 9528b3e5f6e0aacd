/**
 * Where commands write: files and directories replaced only on success (temporary file, then rename), JSON and CSV writers, progress lines.
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.output;
