package org.jmmtk.core.plan;

/**
 * What a collection collects: the whole heap (a full-heap trace), only the nursery of a generational
 * plan, only the window of an Older-First plan (a run of the age-ordered heap, not necessarily its
 * youngest part), or, for reference counting, the objects of its zero-count table whose counts stay
 * zero once the roots are counted (no tracing at all).
 */
public enum CollectionKind {
    FULL("full"),
    NURSERY("nursery"),
    WINDOW("window"),
    RC("rc");

    public final String label;

    CollectionKind(String label) {
        this.label = label;
    }
}
