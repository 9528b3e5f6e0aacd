package org.jmmtk.core.collection;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.core.GcListener;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.heap.AllocationPoll;
import org.jmmtk.core.heap.GcTrigger;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.SimulatedOutOfMemoryError;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.ScheduleCollection;
import org.jmmtk.core.policy.HeapServices;
import org.jmmtk.core.sanity.SanityChecker;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.Collectors;
import org.jmmtk.core.stats.FreeSpaceProfile;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.core.stats.RunStats;
import org.jmmtk.core.vm.Collection;
import org.jmmtk.core.vm.Scanning;
import org.jmmtk.probes.ConcurrentWorkEvent;
import org.jmmtk.probes.GcEvent;
import org.jmmtk.probes.Tracepoints;
import org.jmmtk.scheduler.CollectionTimes;
import org.jmmtk.scheduler.GCWorkScheduler;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Runs the collections of one heap (mmtk-core's {@code GCTrigger::poll} with the collection requests of
 * {@code global.rs} and {@code ScheduleCollection}): a space's {@link Poll} asks it before giving a
 * mutator pages and, when the {@link GcTrigger} says the budget is exhausted, it collects, then again
 * as an emergency collection, and reports a simulated out-of-memory when the plan cannot make room;
 * the binding asks it for collections the program requests and, in a synchronized replay, at points
 * of perfect knowledge. Collections run on the worker pool while the requesting thread takes part as
 * worker 0, and the record of each goes to the statistics and the {@link GcListener}s.
 *
 * <p>Collections are serialised: {@link #collect} is synchronized. With several mutator threads, a
 * mutator waits for that lock inside the binding's safe region (it counts as stopped), and an
 * allocation that waited while another mutator's collection ran starts again.
 */
public final class CollectionDriver {
    private final String planName;
    private final Plan plan;
    private final GcTrigger trigger;
    private final GCWorkScheduler<Collector> scheduler;
    private final Collectors collectors;
    private final Statistics stats;
    private final Collection vm;
    private final Scanning roots;
    private final HeapGeometry geometry;
    private final long heapBytes;
    private final boolean sanity;
    private final List<GcListener> listeners = new ArrayList<>();
    private int gcNumber;
    // read without the lock by a mutator entering its poll, to see whether a collection ran meanwhile:
    // counted when a collection ends (gcNumber counts when it starts, possibly before that mutator stopped)
    private volatile int collectionsEnded;
    private int failedAttempts;
    private long allocatedAtLastGc;
    private boolean lastFreedObjects;
    private final Pacing pacing;
    // under --pacing real: the thread running the plan's concurrent work as worker 0, while it runs
    private Thread concurrentRun;
    private volatile Throwable concurrentFailure;
    private long concurrentRuns;

    /**
     * The driver of {@code plan}'s collections, called {@code planName} in reports, on {@code scheduler}'s
     * workers; {@code binding} stops and resumes the program and gives the roots of the sanity check.
     * {@code poll} (the one the plan's spaces were built with) is connected to it.
     */
    public <B extends Collection & Scanning> CollectionDriver(String planName, Plan plan, GcTrigger trigger,
            GCWorkScheduler<Collector> scheduler, Statistics stats, B binding, Poll poll, Options options) {
        this.planName = planName;
        this.plan = plan;
        this.trigger = trigger;
        this.scheduler = scheduler;
        this.collectors = new Collectors(scheduler);
        this.stats = stats;
        this.vm = binding;
        this.roots = binding;
        this.geometry = plan.heap().geometry();
        this.heapBytes = options.heapBytes();
        this.sanity = options.sanity();
        this.pacing = options.pacing();
        poll.driver = this;
    }

    /** The GC workers' collector contexts: their counters and move logs. */
    public Collectors collectors() {
        return collectors;
    }

    public void addListener(GcListener listener) {
        listeners.add(listener);
    }

    /**
     * The poll every space makes before giving a mutator pages. Built before the plan (its spaces keep
     * it) and connected to the plan's driver once that exists, as mmtk-core gives its trigger the plan
     * after creating it. Called on mutator threads.
     */
    public static final class Poll implements AllocationPoll {
        private final Collection vm;
        private CollectionDriver driver;

        public Poll(Collection vm) {
            this.vm = vm;
        }

        @Override
        public boolean poll(String space, int pages) {
            int seen = driver.collectionsEnded;
            vm.enterSafeRegion();
            boolean collected;
            try {
                collected = driver.pollForAllocation(space, pages, seen);
            } catch (RuntimeException | Error e) {
                vm.abandonSafeRegion(e);
                throw e;
            }
            vm.leaveSafeRegion();
            // a collection that ran while this mutator was stopped (waiting for the lock, or after the
            // poll let it go on) reset its allocator and may have moved its space: start again
            return collected || driver.collectionsEnded != seen;
        }

        @Override
        public SimulatedOutOfMemoryError outOfMemory(String space, int pages, String why) {
            return driver.outOfMemory(space, pages, why);
        }
    }

    /**
     * {@code seen} is the count of ended collections when the mutator started waiting for the lock: if
     * another mutator's collection ran meanwhile, this allocation starts again (its allocator was reset).
     */
    private synchronized boolean pollForAllocation(String space, int pages, int seen) {
        if (collectionsEnded != seen) {
            return true;
        }
        boolean budgetFull = trigger.isGcRequired(plan.reservedPages(), pages);
        if (!trigger.collectNow(plan.collectionRequired(budgetFull, space, pages))) {
            failedAttempts = 0;
            stats.runStats().heapUsage(stats.bytesAllocated(), stats.usedBytes() + geometry.pagesToBytes(pages));
            return false;
        }
        if (plan.collectionKind(GcReason.HEAP_FULL) == null) {
            throw outOfMemory(space, pages, "the heap is full and plan " + planName + " never collects");
        }
        if (failedAttempts >= plan.maxCollectionAttempts()) {
            failedAttempts = 0;
            throw outOfMemory(space, pages, "the heap is still full after collecting");
        }
        failedAttempts++;
        collect(failedAttempts > 1 ? GcReason.EMERGENCY : GcReason.HEAP_FULL);
        return true;
    }

    private SimulatedOutOfMemoryError outOfMemory(String space, int pages, String why) {
        return outOfMemory(String.format("%s needed %s more; %s", space,
                Options.formatBytes(geometry.pagesToBytes(pages)), why));
    }

    private SimulatedOutOfMemoryError outOfMemory(String detail) {
        return new SimulatedOutOfMemoryError(planName, heapBytes, stats.bytesAllocated(), stats.runStats().gcCount(),
                detail);
    }

    /**
     * A point of perfect knowledge of a granulated trace: a synchronized scheme may collect here (a
     * heap-full collection moved to this point, followed, as at an allocation, by an emergency one if
     * the plan allows and the heap is still full), and the heap must be within its budget afterwards.
     */
    public synchronized void perfectPoint() {
        long budgetFree = Math.max(0, trigger.totalPages() - plan.reservedPages());
        long bytesBefore = geometry.pagesToBytes(plan.pagesBeforeCollection((int) budgetFree));
        if (!trigger.collectAtPerfectPoint(bytesBefore, stats.bytesAllocated())) {
            return;
        }
        for (int attempt = 1; plan.reservedPages() > trigger.totalPages() || attempt == 1; attempt++) {
            if (attempt > plan.maxCollectionAttempts()) {
                throw outOfMemory("the heap", plan.reservedPages() - trigger.totalPages(),
                        "it is still over its budget after collecting at a point of perfect knowledge");
            }
            if (collect(attempt > 1 ? GcReason.EMERGENCY : GcReason.HEAP_FULL) == null) {
                return;
            }
        }
    }

    /**
     * A pacing point of the program ({@code --pacing}), between two of its records, on the replaying
     * thread. Paced ({@code K}): runs one unit of the plan's concurrent work, a packet that adds no more,
     * as GC worker 0 on this thread while the program waits here (without a collection's hand-off: the
     * other workers stay parked), then, if that finished the plan's concurrent work, the pause that ends
     * it, so both fall at the same record for any number of GC threads. Real: starts the plan's concurrent work
     * on the GC workers beside the program if it has some and none runs, and collects once the pause
     * that ends it is due. Nothing without pacing or concurrent work.
     */
    public synchronized void pace() {
        if (pacing.paced()) {
            if (!plan.concurrentPauseDue() && plan.concurrentWorkPending()) {
                runConcurrentUnit();
            }
        } else if (pacing.real()) {
            startConcurrentRun();
        }
        if (plan.concurrentPauseDue()) {
            collect(GcReason.CONCURRENT);
        }
    }

    /** Units of paced concurrent work, or stretches of real concurrent work, run so far. */
    public synchronized long concurrentRuns() {
        return concurrentRuns;
    }

    private void runConcurrentUnit() {
        ConcurrentWorkEvent event = Tracepoints.concurrentWorkBegin();
        concurrentRuns++;
        scheduler.runPacket(gcNumber, plan.concurrentWork(true));
        Tracepoints.concurrentWorkEnd(event, gcNumber, planName, vm.recordsReplayed());
    }

    /** Under real pacing: lets the GC workers run the plan's concurrent work beside the mutators, if it has some. */
    private void startConcurrentRun() {
        if (concurrentRun != null && !concurrentRun.isAlive()) {
            joinConcurrentRun();
        }
        if (concurrentRun != null || !plan.concurrentWorkPending()) {
            return;
        }
        plan.requestConcurrentYield(false);
        WorkPacket<Collector> first = plan.concurrentWork(false);
        int gc = gcNumber;
        long record = vm.recordsReplayed();
        concurrentRuns++;
        concurrentRun = new Thread(() -> {
            ConcurrentWorkEvent event = Tracepoints.concurrentWorkBegin();
            try {
                scheduler.runCollection(gc, first);
            } catch (RuntimeException | Error e) {
                concurrentFailure = e;
            }
            Tracepoints.concurrentWorkEnd(event, gc, planName, record);
        }, "jmmtk-concurrent-work");
        concurrentRun.setDaemon(true);
        concurrentRun.start();
    }

    /**
     * Before a pause, and when the run ends: asks the concurrent work running beside the mutators to
     * stop (its packets leave their work queued) and waits for it. Nothing unless real pacing runs some.
     */
    public synchronized void stopConcurrentWork() {
        if (concurrentRun != null) {
            plan.requestConcurrentYield(true);
            joinConcurrentRun();
        }
    }

    private void joinConcurrentRun() {
        boolean interrupted = false;
        while (concurrentRun.isAlive()) {
            try {
                concurrentRun.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        concurrentRun = null;
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable failed = concurrentFailure;
        if (failed != null) {
            concurrentFailure = null;
            if (failed instanceof Error e) {
                throw e;
            }
            throw (RuntimeException) failed;
        }
    }

    /**
     * Whether the last collection may have freed objects ({@link Plan#freesObjects}); read by the binding
     * in {@code resumeMutators}, on the thread that ran the collection.
     */
    public boolean lastCollectionFreedObjects() {
        return lastFreedObjects;
    }

    /** A collection the program asked for; ignored by plans that do not collect on request. */
    public void handleUserCollectionRequest() {
        collect(GcReason.EXPLICIT);
    }

    /**
     * Runs one collection for {@code reason} and blocks until mutators may resume. Returns its record,
     * or null if the plan does not collect for that reason. Throws {@link SimulatedOutOfMemoryError}
     * when the trigger gives up (the GC-overhead limit).
     */
    public synchronized GcRecord collect(GcReason reason) {
        CollectionKind kind = plan.collectionKind(reason);
        if (kind == null) {
            return null;
        }
        stopConcurrentWork();
        int gc = ++gcNumber;
        RunStats run = stats.runStats();
        PluginHost plugins = plan.heap().plugins();
        long allocatedBefore = stats.bytesAllocated();
        long usedBefore = stats.usedBytes();
        plan.notePeakPages();
        GcRecord.Builder record = GcRecord.builder(gc, kind.label, reason.label).before(allocatedBefore, usedBefore);
        long packetsBefore = scheduler.packetsExecuted();
        long stealsBefore = scheduler.packetsStolen();
        GcEvent event = Tracepoints.gcBegin();
        Tracepoints.heapUsage(gc, false, usedBefore, -1);
        long start = run.clockNanos();
        collectors.resetCounters();
        if (plugins.wantsGcs()) {
            plugins.gcStart(gc, kind.label);
        }
        lastFreedObjects = plan.freesObjects(kind);
        CollectionTimes times = scheduler.runCollection(gc, new ScheduleCollection(plan, kind, reason));
        if (plugins.wantsGcs()) {
            plugins.gcEnd(gc, kind.label);
        }
        record.span(start, run.clockNanos()).closureNanos(times.closureNanos())
                .packets(scheduler.packetsExecuted() - packetsBefore, scheduler.packetsStolen() - stealsBefore);
        FreeSpaceProfile freeSpace = plan.freeSpace();
        collectors.addCounts(record);
        GcRecord done = record.after(stats.usedBytes(), freeSpace, plan.collectionStatsWithReferences()).build();
        finished(done, reason, event);
        return done;
    }

    /** After the collection's work: statistics, tracepoints, the sanity check, the binding and listeners. */
    private void finished(GcRecord record, GcReason reason, GcEvent event) {
        stats.runStats().add(record, reason == GcReason.FINAL);
        stats.runStats().heapUsage(record.allocatedBefore(), record.usedBytesAfter());
        Tracepoints.heapUsage(record.gc(), true, record.usedBytesAfter(), record.bytesTraced());
        Tracepoints.gcEnd(event, record.gc(), planName, record.kind(), record.reason());
        if (sanity) {
            HeapServices heap = plan.heap();
            SanityChecker.check(heap.memory(), heap.spaces(), heap.validObjects(), roots, plan.mutators().size(),
                    plan.weakSlots().table());
        }
        collectionsEnded++;
        vm.resumeMutators();
        for (GcListener l : listeners) {
            l.gcFinished(record);
        }
        if (reason != GcReason.FINAL) {
            String giveUp = trigger.collectionFinished(new GcTrigger.CollectionOutcome(record.bytesTraced(),
                    record.allocatedBefore() - allocatedAtLastGc, plan.reservedPages()));
            allocatedAtLastGc = record.allocatedBefore();
            if (giveUp != null) {
                throw outOfMemory(giveUp);
            }
        }
    }
}
