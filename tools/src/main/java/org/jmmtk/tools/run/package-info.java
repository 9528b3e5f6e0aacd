/**
 * {@code jmmtk run}: one plan on one trace or workload, and its report (table, JSON, MMU CSV).
 *
 * <p><b>Internal</b>: part of the command line's implementation (see {@code org.jmmtk.tools}).
 */
package org.jmmtk.tools.run;
