/**
 * The {@code jmmtk} command line.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 * What is promised is the command line's behaviour (options, output, exit codes), not these classes.
 */
package org.jmmtk.tools;
