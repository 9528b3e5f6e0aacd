/**
 * {@code jmmtk lifetimes}, {@code lifetimes --compare} and {@code granulate}: perfect and granulated traces (Merlin, FiLiP).
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.lifetimes;
