package org.jmmtk.plugins.merlin;

import java.util.function.Supplier;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginProvider;

/** Registers {@link MerlinPlugin} as plugin {@code merlin}, counting the deaths it finds. */
public final class MerlinProvider implements PluginProvider {
    @Override
    public String name() {
        return "merlin";
    }

    @Override
    public String description() {
        return "exact object lifetimes with the Merlin algorithm (Hertz et al. 2006); counts the deaths "
                + "('jmmtk lifetimes' writes them into a trace)";
    }

    @Override
    public Supplier<Plugin> factory() {
        return () -> new MerlinPlugin(DeathSink.NONE);
    }
}
