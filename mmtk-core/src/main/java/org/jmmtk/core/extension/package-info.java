/**
 * Code added to a run from outside: the added class path, and discovery of providers with {@code
 * ServiceLoader}.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md). ({@code Provider}, {@code Discovered}, {@code ExtensionException}); {@code Discovery},
 * {@code Extensions} and {@code ExtensionClassPath} are used by jmmtk's command line and may change.
 */
package org.jmmtk.core.extension;
