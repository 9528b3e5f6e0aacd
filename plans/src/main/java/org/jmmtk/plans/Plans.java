package org.jmmtk.plans;

import java.util.List;
import java.util.Optional;
import org.jmmtk.core.extension.Discovered;
import org.jmmtk.core.extension.Discovery;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanProvider;
import org.jmmtk.core.util.Registry;

/**
 * The registry of plans: exactly what {@code --plan} accepts and {@code jmmtk plans} lists. Every
 * {@link PlanProvider} found by {@link java.util.ServiceLoader}, built-in ones first (in the order of
 * {@code META-INF/services/org.jmmtk.core.plan.PlanProvider}), then those of the added code
 * ({@code --classpath}, {@code JMMTK_CLASSPATH}).
 */
public final class Plans {
    /**
     * A registered plan; {@code options} are those its provider declares, {@code origin} is "built in" or
     * the path of the jar that provided it.
     */
    public record Entry(String name, String description, PlanFactory factory, List<PlanOption> options, String origin,
                        boolean concurrent)
            implements Discovered, PlanProvider {
        /** The option of this plan called {@code name}, if it declares one. */
        public Optional<PlanOption> option(String name) {
            return options.stream().filter(o -> o.name().equals(name)).findFirst();
        }
    }

    public static final String DEFAULT = "semispace";

    /** Every plan, in listing order. */
    public static final Registry<Entry> REGISTRY = Discovery.registry(PlanProvider.class, "plan",
            (p, origin) -> new Entry(p.name(), p.description(), p.factory(), PlanOption.distinct(p.options()), origin,
                    p.concurrent()));

    private Plans() {
    }
}
