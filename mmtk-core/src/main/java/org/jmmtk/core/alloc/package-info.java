/**
 * Allocators: bump pointer, segregated free list, large objects, Immix lines.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md).
 */
package org.jmmtk.core.alloc;
