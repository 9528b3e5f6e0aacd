/**
 * Spaces (policies): copy, mark-sweep, mark-compact, large objects, immortal; the space table. Immix, whose
 * policy has several parts, has a package of its own ({@code policy.immix}).
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md).
 */
package org.jmmtk.core.policy;
