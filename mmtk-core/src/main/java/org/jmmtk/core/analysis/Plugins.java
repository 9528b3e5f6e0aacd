package org.jmmtk.core.analysis;

import java.util.List;
import java.util.function.Supplier;
import org.jmmtk.core.analysis.merlin.DeathSink;
import org.jmmtk.core.analysis.merlin.MerlinPlugin;
import org.jmmtk.core.util.Registry;

/** The registry of built-in plugins: what {@code --plugin} accepts and {@code jmmtk plugins} lists. */
public final class Plugins {
    /** A registered plugin: a fresh instance per run. */
    public record Entry(String name, String description, Supplier<Plugin> factory) implements Registry.Named {
    }

    /** Every built-in plugin, in listing order. */
    public static final Registry<Entry> REGISTRY = new Registry<>(List.of(
            new Entry("events", "counts allocations, pointer and root stores, root scans, moves and frees",
                    EventCounts::new),
            new Entry("merlin", "exact object lifetimes with the Merlin algorithm (Hertz et al. 2006); counts the "
                    + "deaths ('jmmtk lifetimes' writes them into a trace)", () -> new MerlinPlugin(DeathSink.NONE))));

    private Plugins() {
    }
}
