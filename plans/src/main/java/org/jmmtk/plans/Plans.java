package org.jmmtk.plans;

import java.util.List;
import java.util.Optional;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.util.Registry;
import org.jmmtk.plans.marksweep.MarkSweep;
import org.jmmtk.plans.nogc.NoGC;
import org.jmmtk.plans.semispace.SemiSpace;

/** The registry of plans: exactly what {@code --plan} accepts and {@code jmmtk plans} lists. */
public final class Plans {
    /** A registered plan. */
    public record Entry(String name, String description, PlanFactory factory) implements Registry.Named {
    }

    public static final String DEFAULT = "semispace";

    private static final Registry<Entry> ENTRIES = new Registry<>(List.of(
            new Entry("nogc", "never collects; traces once at the end to report what is reachable", NoGC::new),
            new Entry("semispace", "semispace copying (SS), parallel Cheney evacuation", SemiSpace::new),
            new Entry("marksweep", "mark-sweep (MS) with segregated free lists and parallel sweeping",
                    MarkSweep::new)));

    private Plans() {
    }

    public static List<Entry> all() {
        return ENTRIES.all();
    }

    /** The plan called {@code name} (case-insensitive). */
    public static Optional<Entry> find(String name) {
        return ENTRIES.find(name);
    }

    /** One line per plan: name and description. */
    public static String listing() {
        return ENTRIES.listing();
    }

    /** The names of all plans, comma-separated, for error messages. */
    public static String names() {
        return ENTRIES.names();
    }
}
