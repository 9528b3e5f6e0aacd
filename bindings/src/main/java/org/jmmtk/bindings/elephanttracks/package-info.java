/**
 * The importers of Elephant Tracks 1 and 2 traces.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.bindings.elephanttracks;
