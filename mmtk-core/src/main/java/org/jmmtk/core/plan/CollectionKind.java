package org.jmmtk.core.plan;

/** What a collection collects: the whole heap, or only the nursery of a generational plan. */
public enum CollectionKind {
    FULL("full"),
    NURSERY("nursery");

    public final String label;

    CollectionKind(String label) {
        this.label = label;
    }
}
