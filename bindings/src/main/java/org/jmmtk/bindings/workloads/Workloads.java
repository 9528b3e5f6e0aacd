package org.jmmtk.bindings.workloads;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The registry of built-in workloads: exactly what {@code --workload} accepts. */
public final class Workloads {
    /** Makes a workload from a seed and a scale (1.0 is the default size). */
    @FunctionalInterface
    public interface Factory {
        Workload create(long seed, double scale);
    }

    /** A registered workload. */
    public record Entry(String name, String description, Factory factory) {
    }

    public static final String DEFAULT = "binarytrees";
    public static final long DEFAULT_SEED = 42;

    private static final List<Entry> ENTRIES = List.of(
            new Entry("binarytrees", "many short-lived binary trees around one long-lived tree", BinaryTrees::new),
            new Entry("linkedlist", "a long linked list walked and replaced; its closure is serial", LinkedList::new),
            new Entry("widetree", "a wide long-lived tree amid garbage; its closure is parallel", WideTree::new),
            new Entry("cache", "4 threads, each a hash-table cache with steady churn", Cache::new),
            new Entry("phases", "immortal registry, then phases with their own working sets", Phases::new));

    private Workloads() {
    }

    public static List<Entry> all() {
        return ENTRIES;
    }

    public static Optional<Entry> find(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return ENTRIES.stream().filter(e -> e.name().equals(n)).findFirst();
    }

    public static String names() {
        return String.join(", ", ENTRIES.stream().map(Entry::name).toList());
    }
}
