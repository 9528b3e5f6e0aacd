/**
 * How a command fails: exit codes, usage errors (exit 2, one line naming the file, line and problem), I/O errors in words, and the handlers that turn exceptions into those lines.
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.error;
