/**
 * The commands that list what jmmtk has ({@code plans}, {@code workloads}, {@code plugins}, {@code list}) and {@code help}.
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.command;
