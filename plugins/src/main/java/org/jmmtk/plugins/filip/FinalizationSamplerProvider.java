package org.jmmtk.plugins.filip;

import java.util.function.Supplier;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginProvider;

/** Registers {@link FinalizationSampler} as plugin {@code filip} (every allocation sampled, no heap bookkeeping; {@code run --sample 1/N} adds the ephemerons). */
public final class FinalizationSamplerProvider implements PluginProvider {
    @Override
    public String name() {
        return "filip";
    }

    @Override
    public String description() {
        return "finalization-sampled lifetimes (FiLiP): deaths observed when a collection reclaims sampled objects";
    }

    @Override
    public Supplier<Plugin> factory() {
        return FinalizationSampler::new;
    }
}
