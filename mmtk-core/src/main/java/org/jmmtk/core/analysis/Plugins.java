package org.jmmtk.core.analysis;

import java.util.function.Supplier;
import org.jmmtk.core.extension.Discovered;
import org.jmmtk.core.extension.Discovery;
import org.jmmtk.core.util.Registry;

/**
 * The registry of plugins: what {@code --plugin} accepts and {@code jmmtk plugins} lists. Every
 * {@link PluginProvider} found by {@link java.util.ServiceLoader}, built-in ones first (in the order of
 * {@code META-INF/services/org.jmmtk.core.analysis.PluginProvider}), then those of the added code.
 */
public final class Plugins {
    /** A registered plugin: a fresh instance per run; {@code origin} is "built in" or the jar's path. */
    public record Entry(String name, String description, Supplier<Plugin> factory, String origin)
            implements Discovered {
    }

    /** Every plugin, in listing order. */
    public static final Registry<Entry> REGISTRY = Discovery.registry(PluginProvider.class, "plugin",
            (p, origin) -> new Entry(p.name(), p.description(), p.factory(), origin));

    private Plugins() {
    }
}
