package org.jmmtk.core.analysis;

import java.util.function.Supplier;
import org.jmmtk.core.extension.Provider;

/**
 * Makes a plugin available by name ({@code --plugin NAME}): the service jmmtk finds with
 * {@link java.util.ServiceLoader}. A plugin registers by naming a class that implements this (public,
 * with a public no-argument constructor) in its jar's
 * {@code META-INF/services/org.jmmtk.core.analysis.PluginProvider}; built-in plugins do the same. The
 * name should equal {@link Plugin#name()} of the plugins the factory makes. Public API.
 *
 * <p>Threads: {@link #name}, {@link #description} and {@link #factory} are called once, when plugins
 * are discovered; the factory is called once per run that enables the plugin.
 */
public interface PluginProvider extends Provider {
    /** Makes a fresh plugin for one run: typically its constructor, {@code MyPlugin::new}. */
    Supplier<Plugin> factory();
}
