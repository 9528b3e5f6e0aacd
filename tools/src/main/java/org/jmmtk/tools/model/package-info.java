/**
 * The scalability model behind {@code sweep --model}: the packet graph, work and span, a virtual scheduler and its calibrated costs.
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.model;
