/**
 * {@code jmmtk view}: the live heap view, a plugin that samples the heap and a small HTTP server.
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.view;
