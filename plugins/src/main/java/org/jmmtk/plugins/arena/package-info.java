/**
 * Arena events (JVMPI heap profiling, Liang 1998): the {@code arena} plugin that issues them from any
 * plan, the binary event file (writer, reader, format constants) and a consumer that rebuilds the live
 * objects and arenas from the events alone.
 */
package org.jmmtk.plugins.arena;
