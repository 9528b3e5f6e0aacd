/**
 * Option groups shared by several commands (the collector and its plan options, the trace or workload, heap factors, threads, synchronisation) and the caches they consult (maximum live size, minimum heap).
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.option;
