/**
 * The Immix policy (mark-region, Blackburn and McKinley, PLDI 2008), laid out as mmtk-core's
 * {@code policy/immix}: {@link org.jmmtk.core.policy.immix.ImmixSpace}, the space plans and allocators use,
 * and its parts, each with one job (block states, line marks, the recyclable-block list, defragmentation,
 * copy targets, the sweep, evacuation, pinning); {@link org.jmmtk.core.policy.immix.ConcurrentLineMarks} for
 * a mark that runs beside the mutators; {@link org.jmmtk.core.policy.immix.ImmixCompactor}, the emergency
 * slide.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md): the public classes.
 */
package org.jmmtk.core.policy.immix;
