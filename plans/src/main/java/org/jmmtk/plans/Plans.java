package org.jmmtk.plans;

import java.util.List;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.util.Registry;
import org.jmmtk.plans.appel.Appel;
import org.jmmtk.plans.gencopy.GenCopy;
import org.jmmtk.plans.genimmix.GenImmix;
import org.jmmtk.plans.immix.Immix;
import org.jmmtk.plans.markcompact.MarkCompact;
import org.jmmtk.plans.marksweep.MarkSweep;
import org.jmmtk.plans.nogc.NoGC;
import org.jmmtk.plans.semispace.SemiSpace;

/** The registry of plans: exactly what {@code --plan} accepts and {@code jmmtk plans} lists. */
public final class Plans {
    /** A registered plan. */
    public record Entry(String name, String description, PlanFactory factory) implements Registry.Named {
    }

    public static final String DEFAULT = "semispace";

    /** Every plan, in listing order. */
    public static final Registry<Entry> REGISTRY = new Registry<>(List.of(
            new Entry("nogc", "never collects; traces once at the end to report what is reachable", NoGC::new),
            new Entry("semispace", "semispace copying (SS), parallel Cheney evacuation", SemiSpace::new),
            new Entry("marksweep", "mark-sweep (MS) with segregated free lists and parallel sweeping",
                    MarkSweep::new),
            new Entry("markcompact", "mark-compact (MC), Lisp-2 sliding compaction; parallel marking, "
                    + "forwarding and reference updating", MarkCompact::new),
            new Entry("immix", "mark-region Immix (IX), bump allocation into free lines, parallel sweep, "
                    + "opportunistic defragmentation", Immix::new),
            new Entry("gencopy", "generational copying with a fixed-size nursery (FG, GenCopy), object-remembering "
                    + "barrier", GenCopy::new),
            new Entry("appel", "generational copying with Appel's variable-size nursery (VG)", Appel::new),
            new Entry("genimmix", "generational Immix: copying nursery promoted into an Immix mature space "
                    + "(GenImmix), object-remembering barrier", GenImmix::new)));

    private Plans() {
    }
}
