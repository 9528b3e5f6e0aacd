package org.jmmtk.core.analysis;

import java.util.function.Supplier;

/** Registers {@link EventCounts} as plugin {@code events}. */
public final class EventCountsProvider implements PluginProvider {
    @Override
    public String name() {
        return "events";
    }

    @Override
    public String description() {
        return "counts allocations, pointer and root stores, root scans, moves and frees";
    }

    @Override
    public Supplier<Plugin> factory() {
        return EventCounts::new;
    }
}
