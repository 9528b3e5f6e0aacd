/**
 * Spaces (policies): copy, mark-sweep, mark-compact, Immix, large objects, immortal; the space table.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md).
 */
package org.jmmtk.core.policy;
