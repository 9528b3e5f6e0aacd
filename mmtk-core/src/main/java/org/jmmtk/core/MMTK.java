package org.jmmtk.core;

import static org.jmmtk.core.util.Constants.BYTES_IN_CHUNK;
import static org.jmmtk.core.util.Constants.BYTES_IN_PAGE;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.sanity.SanityChecker;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ScheduleCollection;
import org.jmmtk.core.scheduling.SurvivorLog;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.core.stats.RunStats;
import org.jmmtk.core.util.Constants;
import org.jmmtk.core.vm.VMBinding;
import org.jmmtk.probes.GcEvent;
import org.jmmtk.probes.Tracepoints;
import org.jmmtk.scheduler.CollectionTimes;
import org.jmmtk.scheduler.GCWorkScheduler;

/**
 * One instance of the memory manager (mmtk-core's {@code MMTK}): the simulated memory and its layout,
 * the plan, the GC worker pool, the binding, and the statistics of the run. Collections are requested
 * here, by mutators that cannot allocate or by the binding, and run on the worker pool while the
 * requesting thread waits.
 *
 * <p>Collections are serialised: {@link #collect} is synchronized. Call {@link #shutdown} to stop the
 * worker threads.
 */
public final class MMTK implements AutoCloseable {
    /** Virtual space for the binding's root areas. */
    public static final long VM_AREA_BYTES = 8L << 30;

    private final Options options;
    private final VMLayout layout;
    private final SimulatedMemory memory;
    private final VMBinding binding;
    private final GCWorkScheduler scheduler;
    private final Plan plan;
    private final int totalPages;
    private final RunStats stats = new RunStats();
    private final List<GcListener> listeners = new ArrayList<>();
    private final List<Mutator> mutators = new ArrayList<>();
    private int gcNumber;
    private int failedAttempts;

    public MMTK(Options options, VMBinding binding, PlanFactory planFactory) {
        this.options = options.copy();
        long heap = Constants.alignUp(this.options.heapBytes(), BYTES_IN_CHUNK);
        this.layout = new VMLayout(8 * heap + VM_AREA_BYTES);
        this.memory = layout.memory();
        this.totalPages = (int) (this.options.heapBytes() / BYTES_IN_PAGE);
        this.binding = binding;
        this.scheduler = new GCWorkScheduler(this.options.threads());
        this.plan = planFactory.create(this);
        boolean logSurvivors = binding.needsSurvivorLog();
        scheduler.start(i -> {
            Collector c = plan.createCollector(i);
            if (logSurvivors) {
                c.logSurvivors();
            }
            return c;
        });
        binding.boot(this);
    }

    public Options options() {
        return options;
    }

    public SimulatedMemory memory() {
        return memory;
    }

    public VMLayout layout() {
        return layout;
    }

    public Plan plan() {
        return plan;
    }

    public VMBinding binding() {
        return binding;
    }

    public GCWorkScheduler scheduler() {
        return scheduler;
    }

    public RunStats stats() {
        return stats;
    }

    /** The heap budget in pages. */
    public int totalPages() {
        return totalPages;
    }

    /** Creates the context of a new mutator thread (MMTk's {@code bind_mutator}). */
    public synchronized Mutator bindMutator() {
        Mutator m = plan.createMutator(mutators.size());
        mutators.add(m);
        return m;
    }

    public void addListener(GcListener listener) {
        listeners.add(listener);
    }

    /** Sum of the trace sizes of all objects allocated so far: the run's clock. */
    public synchronized long bytesAllocated() {
        long n = 0;
        for (Mutator m : mutators) {
            n += m.bytesAllocated();
        }
        return n;
    }

    public synchronized long objectsAllocated() {
        long n = 0;
        for (Mutator m : mutators) {
            n += m.objectsAllocated();
        }
        return n;
    }

    /** Remembered-set insertions by all write barriers. */
    public synchronized long barrierStores() {
        long n = 0;
        for (Mutator m : mutators) {
            n += m.barrierStores();
        }
        return n;
    }

    /** Heap in use, in simulated bytes (pages of all spaces). */
    public long usedBytes() {
        return (long) plan.usedPages() * BYTES_IN_PAGE;
    }

    /**
     * Called by {@link Space#acquire} before taking pages for a mutator. Returns true if it ran a
     * collection (the allocation must be retried); throws {@link SimulatedOutOfMemoryError} if the plan
     * cannot collect or already collected for this allocation without freeing enough.
     */
    public boolean pollForAllocation(Space space, int pages) {
        if (!plan.collectionRequired(space, pages)) {
            failedAttempts = 0;
            heapGrows(pages);
            return false;
        }
        if (plan.collectionKind(GcReason.HEAP_FULL) == null) {
            throw outOfMemory(space, pages, "the heap is full and plan " + plan.name() + " never collects");
        }
        if (failedAttempts >= plan.maxCollectionAttempts()) {
            failedAttempts = 0;
            throw outOfMemory(space, pages, "the heap is still full after collecting");
        }
        failedAttempts++;
        collect(GcReason.HEAP_FULL);
        return true;
    }

    /** Closes a step of the space-time integral: occupancy changes as a mutator takes {@code pages}. */
    private void heapGrows(int pages) {
        stats.heapUsage(bytesAllocated(), usedBytes() + (long) pages * BYTES_IN_PAGE);
    }

    /** The out-of-memory report for a failed request of {@code pages} pages in {@code space}. */
    public SimulatedOutOfMemoryError outOfMemory(Space space, int pages, String why) {
        return new SimulatedOutOfMemoryError(plan.name(), options.heapBytes(), bytesAllocated(), stats.gcCount(),
                String.format("%s needed %s more; %s", space.name(),
                        Options.formatBytes((long) pages * BYTES_IN_PAGE), why));
    }

    /** A collection the program asked for; ignored by plans that do not collect on request. */
    public void handleUserCollectionRequest() {
        collect(GcReason.EXPLICIT);
    }

    /**
     * Runs one collection for {@code reason} and blocks until mutators may resume. Returns its record,
     * or null if the plan does not collect for that reason.
     */
    public synchronized GcRecord collect(GcReason reason) {
        CollectionKind kind = plan.collectionKind(reason);
        if (kind == null) {
            return null;
        }
        int gc = ++gcNumber;
        long allocatedBefore = bytesAllocated();
        long usedBefore = usedBytes();
        long packetsBefore = scheduler.packetsExecuted();
        long stealsBefore = scheduler.packetsStolen();
        GcEvent event = Tracepoints.gcBegin();
        Tracepoints.heapUsage(gc, false, usedBefore, -1);
        long start = stats.clockNanos();
        for (int i = 0; i < scheduler.workerCount(); i++) {
            ((Collector) scheduler.worker(i).context()).resetCounters();
        }
        for (Space s : plan.collectedSpaces(kind)) {
            s.startCollection(gc);
        }
        CollectionTimes times = scheduler.runCollection(gc, new ScheduleCollection(this, kind));
        long end = stats.clockNanos();
        GcRecord record = record(gc, kind, reason, allocatedBefore, start, end, times.closureNanos(), usedBefore,
                scheduler.packetsExecuted() - packetsBefore, scheduler.packetsStolen() - stealsBefore);
        stats.add(record, reason == GcReason.FINAL);
        stats.heapUsage(allocatedBefore, record.usedBytesAfter());
        Tracepoints.heapUsage(gc, true, record.usedBytesAfter(), record.bytesTraced());
        Tracepoints.gcEnd(event, gc, plan.name(), kind.label, reason.label);
        if (options.sanity()) {
            SanityChecker.check(this);
        }
        binding.resumeMutators();
        for (GcListener l : listeners) {
            l.gcFinished(record);
        }
        return record;
    }

    private GcRecord record(int gc, CollectionKind kind, GcReason reason, long allocatedBefore, long start,
                            long end, long closure, long usedBefore, long packets, long steals) {
        long objectsCopied = 0;
        long bytesCopied = 0;
        long objectsMarked = 0;
        long bytesMarked = 0;
        long edges = 0;
        for (int i = 0; i < scheduler.workerCount(); i++) {
            Collector c = (Collector) scheduler.worker(i).context();
            objectsCopied += c.objectsCopied;
            bytesCopied += c.bytesCopied;
            objectsMarked += c.objectsMarked;
            bytesMarked += c.bytesMarked;
            edges += c.edgesTraced;
        }
        return new GcRecord(gc, kind.label, reason.label, allocatedBefore, start, end, end - start, closure, objectsCopied, bytesCopied,
                objectsMarked, bytesMarked, edges, usedBefore, usedBytes(), packets, steals);
    }

    /** The number of collections started so far, the final one included. */
    public synchronized int gcNumber() {
        return gcNumber;
    }

    /**
     * After a collection, when the binding asked for survivor logs: calls {@code visitor} with the id
     * and new address of every object the collection's closure reached.
     */
    public void forEachSurvivor(SurvivorVisitor visitor) {
        for (int i = 0; i < scheduler.workerCount(); i++) {
            SurvivorLog log = ((Collector) scheduler.worker(i).context()).survivors();
            for (int k = 0, n = log == null ? 0 : log.count(); k < n; k++) {
                visitor.visit(log.id(k), log.address(k));
            }
        }
    }

    /** Receives survivors of a collection. */
    @FunctionalInterface
    public interface SurvivorVisitor {
        void visit(long id, long address);
    }

    /** Stops the GC worker threads. */
    public void shutdown() {
        scheduler.shutdown();
    }

    @Override
    public void close() {
        shutdown();
    }
}
