package org.jmmtk.core.extension;

/**
 * What every provider found by {@link Discovery} says about what it provides: the name users type
 * ({@code --plan NAME}, {@code --plugin NAME}) and a one-line description for the listing. Part of the
 * public API: extend {@link org.jmmtk.core.plan.PlanProvider} or
 * {@link org.jmmtk.core.analysis.PluginProvider}, not this.
 *
 * <p>Threads: called once, on the thread that discovers providers; must not block.
 */
public interface Provider {
    /** The name, unique among providers of its kind: lower-case letters, digits, '.', '_' and '-'. */
    String name();

    /** One line, shown by {@code jmmtk plans} or {@code jmmtk plugins}. */
    String description();
}
