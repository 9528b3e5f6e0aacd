package org.jmmtk.plans;

import org.jmmtk.core.extension.Discovered;
import org.jmmtk.core.extension.Discovery;
import org.jmmtk.core.plan.PlanFactory;
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
     * A registered plan: its provider's name, description and factory, so it runs wherever a provider
     * does; {@code origin} is "built in" or the path of the jar that provided it.
     */
    public record Entry(String name, String description, PlanFactory factory, String origin)
            implements Discovered, PlanProvider {
    }

    public static final String DEFAULT = "semispace";

    /** Every plan, in listing order. */
    public static final Registry<Entry> REGISTRY = Discovery.registry(PlanProvider.class, "plan",
            (p, origin) -> new Entry(p.name(), p.description(), p.factory(), origin));

    private Plans() {
    }
}
