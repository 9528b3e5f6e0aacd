package org.jmmtk.core.plan;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a collection collects, as the plan that runs it defines it (mmtk-core's plans say it with their
 * own flags, e.g. a generational plan's {@code is_current_gc_nursery}): a label, under which reports
 * count and name its collections ({@code run --json}'s {@code gcCountByKind}, each collection's
 * {@code kind}), and whether it is a full-heap collection, which marks the large object and immortal
 * spaces. {@link #FULL} is the one kind core knows; a plan defines the others as constants of its own
 * package, e.g. a generational plan's {@code nursery}, Older-First's {@code window}, reference counting's
 * {@code rc}, and lists them in {@link Plan#collectionKinds()}. Public API; immutable, so any thread may
 * read it. Plans compare kinds by identity; two kinds are equal when label and extent are.
 */
public final class CollectionKind {
    // before FULL, which the constructor checks with it
    private static final Pattern LABEL = Pattern.compile("[a-z][a-z0-9_-]*");

    /** A full-heap trace: every space is collected. */
    public static final CollectionKind FULL = new CollectionKind("full", true);

    /** The name reports give the kind's collections: lower-case letters, digits, '_' and '-'. */
    public final String label;
    /** Whether a collection of this kind traces the whole heap, the large object and immortal spaces too. */
    public final boolean fullHeap;

    public CollectionKind(String label, boolean fullHeap) {
        if (label == null || !LABEL.matcher(label).matches()) {
            throw new IllegalArgumentException("a collection kind's label must be lower-case letters, digits, '_' "
                    + "and '-', starting with a letter, not '" + label + "'");
        }
        this.label = label;
        this.fullHeap = fullHeap;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CollectionKind k && k.label.equals(label) && k.fullHeap == fullHeap;
    }

    @Override
    public int hashCode() {
        return Objects.hash(label, fullHeap);
    }

    @Override
    public String toString() {
        return label;
    }
}
