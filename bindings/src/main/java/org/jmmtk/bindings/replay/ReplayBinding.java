package org.jmmtk.bindings.replay;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.VMBinding;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.core.vm.EdgeVisitor;
import org.jmmtk.scheduler.GCWorker;

/**
 * The trace-replay "virtual machine" as the collector sees it (mmtk-core's {@code VMBinding}): its
 * roots, its mutators and how they are stopped. It owns the program's root slots ({@link RootArea}),
 * the mutators, one per trace thread ({@link MutatorRegistry}), and the names of objects: trace ids,
 * mapped to addresses by an {@link ObjectTable}, a weak table whose entries name live objects as long
 * as the heap's valid-object bits say an object with that id is still at that address, and which the
 * binding refreshes after each collection from the log of moved objects, outside the pause (a real VM
 * has no such table, so its upkeep must not inflate pause times). The trace's events are executed
 * elsewhere ({@link EventExecutor}, on one thread by a {@link SequentialReplay} or on several by a
 * {@link ParallelReplay}); how mutators are stopped and resumed is the {@link MutatorCoordination} of
 * the replay in progress, and objects the replay itself holds ({@link ReplayRoots}) are scanned with
 * the global roots.
 *
 * <p>GC workers call the {@link VMBinding} methods while the mutators are stopped; the thread that ran
 * the collection calls {@link #resumeMutators}; mutator threads enter and leave safe regions.
 */
public final class ReplayBinding implements VMBinding {
    private MMTK mmtk;
    private SimulatedMemory memory;
    private RootArea roots;
    private MutatorRegistry mutators;
    private final ObjectTable objects = new ObjectTable();
    private final List<ReplayRoots> replayRoots = new ArrayList<>();
    private MutatorCoordination coordination = OneReplayThread.INSTANCE;
    private int liveAfterLastCompaction;
    private boolean finished;
    // objects of this type go straight into the plan's mature space (-1: none)
    private int pretenuredType = -1;
    // written by a sequential replay's thread after each record; read in collections it waits for
    private long records = -1;
    // set by the first collection's first packet, while mutators are stopped or waiting for it: until
    // then nothing was reclaimed or moved, so every id table entry names its object as it was put
    private boolean collected;

    @Override
    public void boot(MMTK instance) {
        this.mmtk = instance;
        this.memory = instance.memory();
        this.roots = new RootArea(memory, instance.layout().reserve("vm-roots", MMTK.VM_AREA_BYTES));
        this.mutators = new MutatorRegistry(instance);
    }

    public MMTK mmtk() {
        return mmtk;
    }

    SimulatedMemory memory() {
        return memory;
    }

    RootArea rootArea() {
        return roots;
    }

    ObjectTable objectTable() {
        return objects;
    }

    MutatorRegistry mutatorRegistry() {
        return mutators;
    }

    /** The mutators bound so far, in the order their trace threads first appeared (none before boot). */
    @Override
    public List<Mutator> mutators() {
        return mutators == null ? List.of() : mutators.all();
    }

    // ---- Collection ----

    @Override
    public long recordsReplayed() {
        return records;
    }

    /** A sequential replay counts its records (type declarations excepted) from here on. */
    void countRecords() {
        records = 0;
    }

    /** One more record executed. */
    void recordReplayed() {
        records++;
    }

    @Override
    public void stopAllMutators() {
        collected = true;
        coordination.stopAll();
    }

    @Override
    public void enterSafeRegion() {
        coordination.enterSafeRegion();
    }

    @Override
    public void leaveSafeRegion() {
        coordination.leaveSafeRegion();
    }

    @Override
    public void abandonSafeRegion(Throwable cause) {
        coordination.abandonSafeRegion(cause);
    }

    /**
     * Refreshes the id table from the collection's moves; drops dead entries once they dominate (not
     * after the final collection: nothing is replayed after it; nor after one that freed nothing, such as
     * an InitialMark, where the walk would keep every entry and load every header). Then lets the
     * mutators run.
     */
    @Override
    public void resumeMutators() {
        mmtk.collection().collectors().forEachMoved(objects::put);
        if (!finished && mmtk.collection().lastCollectionFreedObjects()
                && objects.size() > 2 * liveAfterLastCompaction + 4096) {
            objects.retainIf(mmtk.plan().heap()::isObject);
            liveAfterLastCompaction = objects.size();
        }
        coordination.resumeAll();
    }

    @Override
    public void processWeakRefs(GCWorker<Collector> worker) {
        // the id table is refreshed from the survivor log after the collection
    }

    @Override
    public boolean needsMoveLog() {
        return true;
    }

    /** From now until {@link #replayOnOneThread}, mutator threads share the tables and {@code c} stops them. */
    void replayOnSeveralThreads(MutatorCoordination c) {
        objects.shareBetweenThreads();
        roots.shareBetweenThreads();
        coordination = c;
    }

    /** Back to one replaying thread, which waits for the collections it requests (the final one, reports). */
    void replayOnOneThread() {
        coordination = OneReplayThread.INSTANCE;
    }

    // ---- Scanning ----

    @Override
    public void scanMutatorRoots(int mutator, EdgeVisitor visitor) {
        roots.scan(mutator + 1, visitor);
    }

    @Override
    public void scanGlobalRoots(EdgeVisitor visitor) {
        roots.scan(0, visitor);
        scanHeld(visitor);
    }

    @Override
    public void scanPlacedGlobalRoots(EdgeVisitor visitor) {
        roots.scanPlacedGlobals(visitor);
        scanHeld(visitor);
    }

    @Override
    public void scanPinnedRoots(EdgeVisitor visitor) {
        roots.scanPinnedGlobals(visitor);
    }

    private void scanHeld(EdgeVisitor visitor) {
        for (ReplayRoots r : replayRoots) {
            r.scan(visitor);
        }
    }

    /** Scans {@code r} with the global roots from now until {@link #release}; call while no collection runs. */
    void hold(ReplayRoots r) {
        replayRoots.add(r);
    }

    void release(ReplayRoots r) {
        replayRoots.remove(r);
    }

    // ---- objects ----

    /**
     * The current address of object {@code id}, or 0 if it is not in the table or was reclaimed. Before
     * the first collection the table's entry is the answer; after it, the heap's valid-object bits and
     * the object's id confirm it (the table is weak).
     */
    @Override
    public long addressOf(long id) {
        long address = objects.get(id);
        if (!collected) {
            return address;
        }
        return address != 0 && mmtk.plan().heap().isObject(address, id) ? address : 0;
    }

    /**
     * Allocates every object of type {@code typeId} pretenured ({@code Mutator.allocPretenured}): e.g.
     * a profiler's bookkeeping objects, known to outlive what they watch. Call before the replay.
     */
    public void pretenure(int typeId) {
        this.pretenuredType = typeId;
    }

    /** The type allocated pretenured, or -1. */
    int pretenuredType() {
        return pretenuredType;
    }

    // ---- end of run ----

    /**
     * Tells the plugins the program ended, runs the final collection and returns what it found
     * reachable: a full-heap trace reaches every live object exactly once, in whatever space it lies,
     * so its counts are the live set.
     */
    public LiveSet finish() {
        finished = true;
        mmtk.plugins().programEnd();
        GcRecord r = mmtk.collection().collect(GcReason.FINAL);
        return new LiveSet(r.objectsCopied() + r.objectsMarked(), r.bytesTraced());
    }

    /**
     * The objects in the id table: after a collection of a plan that reclaims memory, exactly the
     * reachable ones; a plan that never reclaims (NoGC) keeps its dead objects, and so does the table.
     */
    public LiveSet tableSet() {
        long[] totals = new long[2];
        objects.forEach(mmtk.plan().heap()::isObject, (id, address) -> {
            totals[0]++;
            totals[1] += ObjectModel.traceBytes(memory, address);
        });
        return new LiveSet(totals[0], totals[1]);
    }

    /** A number of objects and their trace bytes. */
    public record LiveSet(long objects, long bytes) {
    }
}
