package org.jmmtk.plans;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.plans.marksweep.MarkSweep;
import org.jmmtk.plans.nogc.NoGC;
import org.jmmtk.plans.semispace.SemiSpace;

/** The registry of plans: exactly what {@code --plan} accepts and {@code jmmtk plans} lists. */
public final class Plans {
    /** A registered plan. */
    public record Entry(String name, String description, PlanFactory factory) {
    }

    public static final String DEFAULT = "semispace";

    private static final List<Entry> ENTRIES = List.of(
            new Entry("nogc", "never collects; traces once at the end to report what is reachable", NoGC::new),
            new Entry("semispace", "semispace copying (SS), parallel Cheney evacuation", SemiSpace::new),
            new Entry("marksweep", "mark-sweep (MS) with segregated free lists and parallel sweeping",
                    MarkSweep::new));

    private Plans() {
    }

    public static List<Entry> all() {
        return ENTRIES;
    }

    /** The plan called {@code name} (case-insensitive). */
    public static Optional<Entry> find(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return ENTRIES.stream().filter(e -> e.name().equals(n)).findFirst();
    }

    /** The names of all plans, comma-separated, for error messages. */
    public static String names() {
        return String.join(", ", ENTRIES.stream().map(Entry::name).toList());
    }
}
