package org.jmmtk.plugins.arena;

import java.util.function.Supplier;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginProvider;

/** Registers {@link ArenaEventsPlugin} as plugin {@code arena} (its events rebuilt in memory; {@code run --arena-events FILE} writes them). */
public final class ArenaEventsProvider implements PluginProvider {
    @Override
    public String name() {
        return "arena";
    }

    @Override
    public String description() {
        return "JVMPI arena events (NEW/DELETE_ARENA, NEW/DELETE/MOVE_OBJECT) from any plan, replayed in memory; "
                + "run --arena-events FILE writes them";
    }

    @Override
    public Supplier<Plugin> factory() {
        return ArenaEventsPlugin::new;
    }
}
