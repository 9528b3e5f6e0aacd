package org.jmmtk.benchmarks;

import java.util.List;
import java.util.SplittableRandom;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.Options;
import org.jmmtk.core.VMBinding;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.PlanProvider;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.vm.EdgeVisitor;
import org.jmmtk.scheduler.GCWorker;

/**
 * A minimal binding for benchmarks: one mutator, a handful of global root slots, no weak tables, and
 * builders for large object graphs through the programmatic mutator API. Collections then measure the
 * collector alone, without the trace-replay binding's id table.
 */
final class GraphBinding implements VMBinding {
    private static final int ROOTS = 64;

    private MMTK mmtk;
    private Mutator mutator;
    private long roots;
    private long nextId = 1;

    static GraphBinding create(PlanProvider plan, Options options) {
        return create(plan, options, List.of());
    }

    /** A binding whose memory manager sends heap events to {@code plugins}. */
    static GraphBinding create(PlanProvider plan, Options options, List<Plugin> plugins) {
        GraphBinding binding = new GraphBinding();
        new MMTK(options, binding, plan, plugins);
        return binding;
    }

    @Override
    public void boot(MMTK instance) {
        this.mmtk = instance;
        VMLayout.Region region = instance.layout().reserve("bench-roots", 8L * ROOTS);
        this.roots = region.start();
        instance.memory().map(roots, 8L * ROOTS);
        this.mutator = instance.bindMutator(0);
    }

    @Override
    public List<Mutator> mutators() {
        return mutator == null ? List.of() : List.of(mutator);
    }

    MMTK mmtk() {
        return mmtk;
    }

    /** The one mutator, for benchmarks that drive the allocation and store paths directly. */
    Mutator mutator() {
        return mutator;
    }

    /**
     * Builds the closure benchmarks' graph named {@code graph}: {@code widetree}, a complete 4-ary tree of
     * 1.4M objects ({@link #buildWideTree}), or {@code random}, 1M objects of 4 slots each pointing at
     * random earlier objects ({@link #buildRandomGraph}, seed 42).
     */
    void buildClosureGraph(String graph) {
        switch (graph) {
            case "widetree" -> buildWideTree(1_000_000, 4);
            case "random" -> buildRandomGraph(1_000_000, 4, 42);
            default -> throw new IllegalArgumentException("graph must be widetree or random, not " + graph);
        }
    }

    /**
     * A complete tree of at least {@code objects} objects: every inner node has {@code fanout} children,
     * the leaves carry a small payload. Built depth-first, as a program building it recursively would,
     * rooted in root slot 0.
     */
    long buildWideTree(int objects, int fanout) {
        int depth = 0;
        long size = 1;
        long level = 1;
        while (size < objects) {
            level *= fanout;
            size += level;
            depth++;
        }
        long top = node(fanout);
        setRoot(0, top);
        fill(top, depth - 1, fanout);
        requireNoCollection();
        return nextId - 1;
    }

    private void fill(long node, int levels, int fanout) {
        for (int i = 0; i < fanout; i++) {
            long child = levels == 0 ? mutator.allocObject(nextId++, 32, 0, 2) : node(fanout);
            mutator.writeReference(node, i, child);
            if (levels > 0) {
                fill(child, levels - 1, fanout);
            }
        }
    }

    private long node(int fanout) {
        return mutator.allocObject(nextId++, 16 + 8L * fanout, fanout, 1);
    }

    /**
     * A random graph: {@code objects} objects with {@code degree} slots each, every slot pointing to a
     * random earlier object; all reachable from a linked spine rooted in slot 1.
     */
    long buildRandomGraph(int objects, int degree, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long first = mutator.allocObject(nextId++, 16 + 8L * (degree + 1), degree + 1, 3);
        setRoot(1, first);
        long previous = first;
        long[] addresses = new long[objects];
        addresses[0] = first;
        for (int i = 1; i < objects; i++) {
            long o = mutator.allocObject(nextId++, 16 + 8L * (degree + 1), degree + 1, 3);
            mutator.writeReference(previous, degree, o);
            for (int s = 0; s < degree; s++) {
                mutator.writeReference(o, s, addresses[random.nextInt(i)]);
            }
            addresses[i] = o;
            previous = o;
        }
        requireNoCollection();
        return objects;
    }

    /** Builders keep raw addresses, so the heap must be large enough that building never collects. */
    private void requireNoCollection() {
        if (mmtk.statistics().runStats().gcCount() > 0) {
            throw new IllegalStateException("the heap is too small: building the graph needed a collection");
        }
    }

    /** Allocates {@code count} unreachable objects of {@code bytes} each (garbage the next GC finds dead). */
    long allocateGarbage(int count, long bytes) {
        long last = 0;
        for (int i = 0; i < count; i++) {
            last = mutator.allocObject(nextId++, bytes, 0, 4);
        }
        return last;
    }

    private void setRoot(int slot, long object) {
        mmtk.memory().store(roots + 8L * slot, object);
    }

    @Override
    public void stopAllMutators() {
    }

    @Override
    public void resumeMutators() {
    }

    @Override
    public void scanMutatorRoots(int m, EdgeVisitor visitor) {
    }

    @Override
    public void scanGlobalRoots(EdgeVisitor visitor) {
        for (int i = 0; i < ROOTS; i++) {
            long slot = roots + 8L * i;
            if (mmtk.memory().load(slot) != 0) {
                visitor.visitEdge(slot);
            }
        }
    }

    @Override
    public void processWeakRefs(GCWorker<Collector> worker) {
    }

    /** Bytes the header and slots take, for sizing heaps. */
    static long objectBytes(int slots) {
        return ObjectModel.allocationSize(16 + 8L * slots, slots);
    }
}
