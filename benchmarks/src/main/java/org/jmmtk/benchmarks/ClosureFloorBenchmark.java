package org.jmmtk.benchmarks;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.jmmtk.core.Options;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.plans.Plans;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor of this heap design under {@link ClosureBenchmark}: the same graphs ({@code widetree},
 * {@code random}), each closed by one thread in a bare depth-first loop over the simulated memory, with
 * none of the collector's machinery (no spaces, trace kinds, packets, counters, plugins, valid-object
 * bits). It is what a plan's closure would cost if everything but the memory accesses a parallel collector must make were free,
 * so a plan's {@code edges} per second divided by this one's is how close the collector is to it.
 *
 * <ul>
 * <li>{@code mark}: each target's mark bit set in a side bitmap with a compare-and-exchange (as
 *     {@code MarkSweepSpace} does), its slots read from its header; the bitmap cleared afterwards.</li>
 * <li>{@code copy}: each target claimed by a compare-and-set of its status word, copied to the other
 *     semispace with a bump pointer, forwarded with a release store, its slots pushed from the copy (as
 *     {@code CopySpace} does); the graph goes back and forth between the semispace plan's two spaces.</li>
 * </ul>
 *
 * The {@code edges} counter (the same as ClosureBenchmark's) counts the edges popped, as {@code ProcessEdges}
 * counts edges traced.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx8g", "-Xms8g", "-XX:+UseParallelGC"})
@Warmup(iterations = 4, time = 2)
@Measurement(iterations = 8, time = 2)
public class ClosureFloorBenchmark {
    @Param({"mark", "copy"})
    public String kind;

    @Param({"widetree", "random"})
    public String graph;

    private GraphBinding binding;
    private SimulatedMemory memory;
    private long[] rootSlots;
    private long[] stack = new long[1 << 16];
    private SideBitmap marks;
    private Space[] semispaces;
    private int current;

    @Setup(Level.Trial)
    public void build() {
        if (!kind.equals("mark") && !kind.equals("copy")) {
            throw new IllegalArgumentException("kind must be mark or copy, not " + kind);
        }
        String plan = kind.equals("copy") ? "semispace" : "marksweep";
        binding = GraphBinding.create(Plans.REGISTRY.find(plan).orElseThrow(),
                new Options().heapBytes(1L << 30).threads(1));
        binding.buildClosureGraph(graph);
        // two collections: the graph has been in both semispaces, so both are mapped
        binding.mmtk().collection().collect(GcReason.EXPLICIT);
        binding.mmtk().collection().collect(GcReason.EXPLICIT);
        memory = binding.mmtk().memory();
        long[] found = new long[64];
        int[] n = {0};
        binding.scanGlobalRoots(slot -> found[n[0]++] = slot);
        rootSlots = Arrays.copyOf(found, n[0]);
        marks = new SideMetadataRegistry(memory, false, 4096).bitmap(SideMetadataSpec.perGranule("mark", true, 1), null);
        semispaces = binding.mmtk().spaces().all().stream().filter(s -> s instanceof CopySpace).toArray(Space[]::new);
        if (kind.equals("copy")) {
            current = semispaces[0].contains(memory.load(rootSlots[0])) ? 0 : 1;
        }
    }

    @TearDown(Level.Trial)
    public void shutdown() {
        binding.mmtk().close();
    }

    @Benchmark
    public long closure(ClosureBenchmark.Work work) {
        long edges;
        if (kind.equals("copy")) {
            int other = 1 - current;
            edges = copy(semispaces[other].start());
            current = other;
        } else {
            edges = mark();
        }
        work.edges += edges;
        return edges;
    }

    private int pushRoots() {
        stack = rootSlots.length > stack.length ? new long[rootSlots.length] : stack;
        System.arraycopy(rootSlots, 0, stack, 0, rootSlots.length);
        return rootSlots.length;
    }

    private long mark() {
        long edges = 0;
        long low = Long.MAX_VALUE;
        long high = 0;
        for (int top = pushRoots(); top > 0; ) {
            long object = memory.load(stack[--top]);
            edges++;
            if (object == 0 || !marks.attemptSet(object)) {
                continue;
            }
            low = Math.min(low, object);
            high = Math.max(high, object);
            int slots = ObjectModel.refSlots(memory, object);
            top = pushSlots(object, slots, top);
        }
        marks.clearRange(low & ~511L, (high + 512) & ~511L);
        return edges;
    }

    private long copy(long to) {
        long edges = 0;
        for (int top = pushRoots(); top > 0; ) {
            long slot = stack[--top];
            long object = memory.load(slot);
            edges++;
            if (object == 0) {
                continue;
            }
            long status = memory.loadVolatile(object + ObjectModel.STATUS_OFFSET);
            if ((status & ObjectModel.FORWARDING_MASK) == ObjectModel.FORWARDED) {
                memory.store(slot, ObjectModel.forwardeeOfStatus(status));
                continue;
            }
            if (!memory.compareAndSet(object + ObjectModel.STATUS_OFFSET, status, status | ObjectModel.BEING_FORWARDED)) {
                throw new IllegalStateException("one thread copies: no other claims objects");
            }
            long bytes = ObjectModel.sizeOfStatus(status);
            long copy = to;
            to += bytes;
            memory.copyWords(object, copy, bytes >>> 3);
            memory.store(copy + ObjectModel.STATUS_OFFSET, status);
            ObjectModel.setForwardingPointer(memory, object, copy);
            memory.store(slot, copy);
            top = pushSlots(copy, ObjectModel.refSlotsOfStatus(status), top);
        }
        return edges;
    }

    /** Pushes the non-null slots of {@code object}, last first, as {@code ProcessEdges} does. */
    private int pushSlots(long object, int slots, int top) {
        if (top + slots > stack.length) {
            stack = Arrays.copyOf(stack, Math.max(top + slots, 2 * stack.length));
        }
        long slot = ObjectModel.slotAddress(object, slots - 1);
        for (int j = 0; j < slots; j++, slot -= 8) {
            if (memory.load(slot) != 0) {
                stack[top++] = slot;
            }
        }
        return top;
    }
}
