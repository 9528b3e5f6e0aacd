/**
 * Running collections and accounting for them: the collection driver (the poll, attempts, emergency
 * collections, points of perfect knowledge) and the run's statistics. Built by the composition root.
 *
 * <p>Internal: plans and plugins do not use it.
 */
package org.jmmtk.core.collection;
