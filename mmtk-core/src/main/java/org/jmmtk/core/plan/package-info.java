/**
 * The plan base ({@code Plan}), its mutators, constraints, arguments, and the plan provider interface.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md).
 */
package org.jmmtk.core.plan;
