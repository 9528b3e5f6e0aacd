/**
 * The built-in synthetic workloads and their registry.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md). ({@code Workloads}, {@code Workload}).
 */
package org.jmmtk.bindings.workloads;
