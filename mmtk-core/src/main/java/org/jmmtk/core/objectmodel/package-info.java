/**
 * The object model: header, size, reference slots, id, forwarding state.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md).
 */
package org.jmmtk.core.objectmodel;
