/**
 * JMH benchmarks of jmmtk itself.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.benchmarks;
