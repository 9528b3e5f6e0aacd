package org.jmmtk.core.plan;

/**
 * What a collection collects: the whole heap, only the nursery of a generational plan, or only the
 * window of an Older-First plan (a run of the age-ordered heap, not necessarily its youngest part).
 */
public enum CollectionKind {
    FULL("full"),
    NURSERY("nursery"),
    WINDOW("window");

    public final String label;

    CollectionKind(String label) {
        this.label = label;
    }
}
