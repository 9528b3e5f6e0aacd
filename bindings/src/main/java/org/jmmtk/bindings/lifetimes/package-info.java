/**
 * Perfect and granulated traces: the deaths by Merlin or brute force, their external sort, inserting
 * them into a trace, and granulating one (docs/merlin.md).
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.bindings.lifetimes;
