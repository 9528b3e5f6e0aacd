package org.jmmtk.core.heap;

import java.util.Locale;

/**
 * How long a mutator's allocation slow path holds its space's page-resource lock ({@code run
 * --page-resource-lock}). {@link #FINE} (the default, MMTk's design) takes the lock only inside each page
 * resource operation. {@link #COARSE} reproduces on purpose the regression of the MPLR'23 tracing paper's
 * section 6.2, an unintended coarsening of that lock's scope: a mutator holds it from the start of its slow
 * path to the end, except across the poll of the heap budget. The poll may run a collection (the mutator
 * that requests it runs it as worker 0) whose GC workers take the same lock to allocate copies; holding it
 * there would deadlock. Since every mutator releases the lock before it polls, and a mutator counts as
 * stopped only outside its slow path, a collection never waits for a lock a mutator holds.
 *
 * <p>The space owns the scope ({@code Space.beginSlowPath}, {@code acquire}, {@code endSlowPath}); the page
 * resource owns the lock. Immutable.
 */
public enum PageResourceLock {
    FINE,
    COARSE;

    /** The scope called {@code name} ("fine" or "coarse", any case); throws naming the option otherwise. */
    public static PageResourceLock parse(String name) {
        for (PageResourceLock scope : values()) {
            if (scope.label().equalsIgnoreCase(name.strip())) {
                return scope;
            }
        }
        throw new IllegalArgumentException("--page-resource-lock must be fine or coarse, not '" + name + "'");
    }

    /** The name as the command line spells it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }
}
