package org.jmmtk.plans.appel;

import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.plans.gencopy.GenCopy;

/**
 * Appel's variable-size nursery (the Merlin paper's VG; Appel 1989): GenCopy's spaces, but the nursery
 * is all of the free budget (less its copy reserve), so it shrinks by the survivors of each nursery
 * collection. A nursery collection runs when the budget is exhausted; the next collection is full
 * when a collection left less than an eighth of the budget free (the nursery could then hold less
 * than a sixteenth of it, half the free budget being its copy reserve).
 */
public final class Appel extends GenCopy {
    /** The free share of the budget below which the next collection is full. */
    static final int FULL_THRESHOLD_DIVISOR = 8;

    public Appel(PlanArgs args) {
        super(args);
    }

    /** No bound of its own: the budget decides. */
    @Override
    protected int maxNurseryPages() {
        return Integer.MAX_VALUE;
    }

    @Override
    protected int minNurseryPages() {
        return Math.max(1, budgetPages() / FULL_THRESHOLD_DIVISOR);
    }
}
