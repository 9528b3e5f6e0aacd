/**
 * The plugin host and the plugin interface ({@code Plugin}, {@code PluginProvider}), with the built-in
 * plugins and their registry.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md). The built-in plugins' classes themselves are internal.
 */
package org.jmmtk.core.analysis;
