/**
 * Small shared helpers: byte sizes, constants, the name registry.
 *
 * <p>{@code Registry} is public API (how plans and plugins are looked up); the rest is internal.
 */
package org.jmmtk.core.util;
