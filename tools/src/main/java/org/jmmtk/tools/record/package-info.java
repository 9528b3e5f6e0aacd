/**
 * {@code jmmtk record}: runs a program under the recording agent and writes its trace.
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.record;
