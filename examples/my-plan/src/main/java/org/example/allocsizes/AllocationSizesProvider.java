package org.example.allocsizes;

import java.util.function.Supplier;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginProvider;

/** Registers {@link AllocationSizes} as plugin {@code allocsizes} (named in META-INF/services). */
public final class AllocationSizesProvider implements PluginProvider {
    @Override
    public String name() {
        return "allocsizes";
    }

    @Override
    public String description() {
        return "histogram of allocation sizes in power-of-two classes";
    }

    @Override
    public Supplier<Plugin> factory() {
        return AllocationSizes::new;
    }
}
