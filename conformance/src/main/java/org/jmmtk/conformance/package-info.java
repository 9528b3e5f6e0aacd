/**
 * The conformance kit: the checks jmmtk runs on its own plans, for a third party's plan ({@code
 * PlanConformance}, {@code ConformanceKit}).
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md).
 */
package org.jmmtk.conformance;
