package org.jmmtk.core.analysis;

import java.util.List;
import java.util.function.Supplier;
import org.jmmtk.core.util.Registry;

/** The registry of built-in plugins: what {@code --plugin} accepts and {@code jmmtk plugins} lists. */
public final class Plugins {
    /** A registered plugin: a fresh instance per run. */
    public record Entry(String name, String description, Supplier<Plugin> factory) implements Registry.Named {
    }

    /** Every built-in plugin, in listing order. */
    public static final Registry<Entry> REGISTRY = new Registry<>(List.of(
            new Entry("events", "counts allocations, pointer and root stores, root scans, moves and frees",
                    EventCounts::new)));

    private Plugins() {
    }
}
