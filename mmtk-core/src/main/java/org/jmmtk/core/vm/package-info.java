/**
 * The VM-binding interfaces: scanning roots and objects, stopping and resuming mutators.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md).
 */
package org.jmmtk.core.vm;
