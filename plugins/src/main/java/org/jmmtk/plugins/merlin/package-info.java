/**
 * The Merlin plugin: exact object lifetimes by timestamps and the backward pass in timestamp order
 * (docs/merlin.md). {@code DeathSink} and {@code LastReachable} are shared with the lifetimes tools and
 * the offline maximum live size.
 *
 * <p><b>Internal</b>: jmmtk's own implementation; it may change in any release. Do not build against it.
 */
package org.jmmtk.plugins.merlin;
