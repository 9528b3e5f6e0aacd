package org.jmmtk.bindings.workloads;

import java.util.List;
import org.jmmtk.core.util.Registry;

/** The registry of built-in workloads: exactly what {@code --workload} accepts. */
public final class Workloads {
    /** Makes a workload from a seed and a scale (1.0 is the default size). */
    @FunctionalInterface
    public interface Factory {
        Workload create(long seed, double scale);
    }

    /** A registered workload. */
    public record Entry(String name, String description, Factory factory) implements Registry.Named {
    }

    public static final String DEFAULT = "binarytrees";
    public static final long DEFAULT_SEED = 42;

    /** Every workload, in listing order. */
    public static final Registry<Entry> REGISTRY = new Registry<>(List.of(
            new Entry("binarytrees", "many short-lived binary trees around one long-lived tree", BinaryTrees::new),
            new Entry("linkedlist", "a long linked list walked and replaced; its closure is serial", LinkedList::new),
            new Entry("widetree", "a wide long-lived tree amid garbage; its closure is parallel", WideTree::new),
            new Entry("cache", "4 threads, each a hash-table cache with steady churn", Cache::new),
            new Entry("queue", "a fixed-length FIFO queue: objects die in the order they were born", Queue::new),
            new Entry("phases", "immortal registry, then phases with their own working sets", Phases::new),
            new Entry("random", "2 threads churn a random graph; live size rises and falls (heap fidelity)",
                    Random::new)));

    private Workloads() {
    }
}
