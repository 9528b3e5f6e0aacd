/**
 * The registry of plans ({@code Plans.REGISTRY}), filled by {@code ServiceLoader}.
 *
 * <p>{@code Plans} is public API. The built-in plans in the subpackages are internal: read them as examples,
 * but build your own plan on {@code org.jmmtk.core.plan.Plan}, not on them.
 */
package org.jmmtk.plans;
