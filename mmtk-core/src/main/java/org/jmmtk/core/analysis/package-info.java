/**
 * The plugin host and the plugin interface ({@code Plugin}, {@code PluginContext}, {@code PluginProvider}),
 * the plugin registry and the built-in {@code events} counter. The research plugins (Merlin, FiLiP, arena
 * events) live in the {@code plugins} module, built on this API alone.
 *
 * <p><b>Public API</b> for plans and plugins built outside jmmtk (docs/extending.md).
 */
package org.jmmtk.core.analysis;
