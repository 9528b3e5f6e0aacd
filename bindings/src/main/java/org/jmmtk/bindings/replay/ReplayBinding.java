package org.jmmtk.bindings.replay;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jmmtk.bindings.trace.TraceChecker;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.VMBinding;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.core.vm.EdgeVisitor;
import org.jmmtk.scheduler.GCWorker;

/**
 * The trace-replay "virtual machine": it executes trace events as the program's mutators. Each trace
 * thread gets a mutator context; allocations go through the plan's allocators, pointer stores through
 * its write barrier, root stores into root slots in a {@link RootArea}. Objects are named by trace
 * ids, mapped to addresses by an {@link ObjectTable}: a weak table whose entries name live objects
 * as long as the heap's valid-object bits say an object with that id is still at that address, and
 * which the binding refreshes after each collection from the log of moved objects, outside the pause
 * (a real VM has no such table, so its upkeep must not inflate pause times). Root stores are reported
 * to the plugins that asked.
 *
 * <p>Inconsistent events throw {@link TraceException}: first the checks every consumer of records
 * shares ({@link TraceChecker}: field ranges, threads, duplicate ids, objects never allocated, death
 * records, slots in range), then a reference to an object already collected. Under a synchronization scheme ({@code --sync})
 * the trace's death records decide liveness ({@link DeathRoots}) and its points of perfect knowledge
 * are where the scheme may collect. Events arrive on one replaying thread; GC
 * workers call the {@link VMBinding} methods while that thread waits for the collection.
 *
 * <p>With several mutator threads ({@link ParallelReplay}) the events arrive through package-private
 * methods that take the mutator, on the mutator threads, which the binding stops and resumes through
 * the replay's {@link MutatorHandshake}; the reader has already checked what does not depend on
 * collections, with its own {@link TraceChecker}.
 */
public final class ReplayBinding implements VMBinding, TraceEvents {
    private MMTK mmtk;
    private SimulatedMemory memory;
    private RootArea roots;
    private PluginHost plugins;
    /** Non-null when the trace's death records decide liveness ({@code run --sync}). */
    private DeathRoots deathRoots;
    private final ObjectTable objects = new ObjectTable();
    /** The checks that do not depend on collections, on every record that arrives through {@link TraceEvents}. */
    private final TraceChecker checker = new TraceChecker();
    private final Int2IntOpenHashMap threadIndex = new Int2IntOpenHashMap();
    private final List<Mutator> mutators = new ArrayList<>();
    private int liveAfterLastCompaction;
    private boolean finished;
    // most traces run long stretches on one thread: skip the thread map then
    private int lastThread = -1;
    // objects of this type go straight into the plan's mature space (-1: none)
    private int pretenuredType = -1;
    private Mutator lastMutator;
    /** Non-null while the events are replayed on several mutator threads. */
    private ParallelReplay parallel;

    public ReplayBinding() {
        threadIndex.defaultReturnValue(-1);
    }

    @Override
    public void boot(MMTK instance) {
        this.mmtk = instance;
        this.memory = instance.memory();
        this.plugins = instance.plugins();
        this.roots = new RootArea(memory, instance.layout().reserve("vm-roots", MMTK.VM_AREA_BYTES));
        if (instance.options().sync() != null) {
            this.deathRoots = new DeathRoots(memory, roots);
        }
    }

    public MMTK mmtk() {
        return mmtk;
    }

    RootArea rootArea() {
        return roots;
    }

    // ---- VMBinding ----

    /** The mutators bound so far, in the order their trace threads first appeared. */
    public List<Mutator> mutators() {
        return Collections.unmodifiableList(mutators);
    }

    @Override
    public void stopAllMutators() {
        // one replaying thread: it is already waiting for the collection it requested
        if (parallel != null) {
            parallel.stopAll();
        }
    }

    @Override
    public void enterSafeRegion() {
        if (parallel != null) {
            parallel.handshake().enterSafeRegion();
        }
    }

    @Override
    public void leaveSafeRegion() {
        if (parallel != null) {
            parallel.handshake().leaveSafeRegion();
        }
    }

    @Override
    public void abandonSafeRegion(Throwable cause) {
        if (parallel != null) {
            parallel.fail(cause, null);
            parallel.handshake().leaveSafeRegion();
        }
    }

    /** From now until {@link #replayedInParallel()}, events arrive on the mutator threads of {@code replay}. */
    void replayInParallel(ParallelReplay replay) {
        objects.shareBetweenThreads();
        roots.shareBetweenThreads();
        parallel = replay;
    }

    /** The mutator threads have ended: back to one thread (the final collection, reports). */
    void replayedInParallel() {
        parallel = null;
    }

    @Override
    public boolean needsMoveLog() {
        return true;
    }

    /**
     * Refreshes the id table from the collection's moves; drops dead entries once they dominate (not
     * after the final collection: nothing is replayed after it).
     */
    @Override
    public void resumeMutators() {
        mmtk.collection().collectors().forEachMoved(objects::put);
        if (!finished && objects.size() > 2 * liveAfterLastCompaction + 4096) {
            objects.retainIf(mmtk.plan().heap()::isObject);
            liveAfterLastCompaction = objects.size();
        }
        if (parallel != null) {
            parallel.resumeAll();
        }
    }

    @Override
    public void scanMutatorRoots(int mutator, EdgeVisitor visitor) {
        roots.scan(mutator + 1, visitor);
    }

    @Override
    public void scanGlobalRoots(EdgeVisitor visitor) {
        roots.scan(0, visitor);
        if (deathRoots != null) {
            deathRoots.scan(visitor);
        }
        if (parallel != null) {
            parallel.scanCutRoots(visitor);
        }
    }

    @Override
    public void processWeakRefs(GCWorker<Collector> worker) {
        // the id table is refreshed from the survivor log after the collection
    }

    // ---- TraceEvents ----

    @Override
    public void type(int typeId, String name) {
        // type names matter to reports, not to the heap
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        checker.alloc(thread, object, bytes, refSlots, typeId);
        allocate(mutator(thread), object, bytes, refSlots, typeId);
    }

    /** Allocates object {@code object} on {@code m} and enters it in the id table. */
    void allocate(Mutator m, long object, long bytes, int refSlots, int typeId) {
        long address = typeId == pretenuredType ? m.allocPretenured(object, bytes, refSlots, typeId)
                : m.allocObject(object, bytes, refSlots, typeId);
        objects.put(object, address);
        if (deathRoots != null) {
            deathRoots.hold(object, address);
        }
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        checker.write(thread, source, slot, target);
        long src = slotOwner(source, slot);
        mutator(thread).writeReference(src, slot, target == 0 ? 0 : resolve(target, "reference to object "));
    }

    /**
     * A store by {@code m} into slot {@code slot} of {@code source}; returns the id of the object the
     * slot held before (0: null), which the parallel replay keeps alive until its cut passes.
     */
    long writeReturningOld(Mutator m, long source, int slot, long target) {
        long src = slotOwner(source, slot);
        long old = memory.load(ObjectModel.slotAddress(src, slot));
        m.writeReference(src, slot, target == 0 ? 0 : resolve(target, "reference to object "));
        return idOf(old);
    }

    /** The address of {@code source}, checking that it has slot {@code slot}. */
    private long slotOwner(long source, int slot) {
        long src = resolve(source, "store into object ");
        TraceChecker.checkSlot(source, slot, ObjectModel.refSlots(memory, src));
        return src;
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        checker.root(thread, rootSlot, target);
        long value = target == 0 ? 0 : resolve(target, "root reference to object ");
        storeRoot(area(thread), rootSlot, value);
    }

    /** {@code R} on the mutator thread of {@code m}; returns the id the root slot held before (0: null). */
    long rootReturningOld(Mutator m, int rootSlot, long target) {
        long value = target == 0 ? 0 : resolve(target, "root reference to object ");
        return idOf(storeRoot(m.ordinal() + 1, rootSlot, value));
    }

    @Override
    public void global(int rootSlot, long target) {
        checker.global(rootSlot, target);
        globalReturningOld(rootSlot, target);
    }

    /** {@code G}; returns the id the global slot held before (0: null). */
    long globalReturningOld(int rootSlot, long target) {
        long value = target == 0 ? 0 : resolve(target, "global reference to object ");
        return idOf(storeRoot(0, rootSlot, value));
    }

    /**
     * Stores into a root slot of {@code area} (0: globals), telling the plugins that asked; returns
     * the address the slot held before.
     */
    private long storeRoot(int area, int rootSlot, long value) {
        long slot = roots.slot(area, rootSlot);
        long old = memory.load(slot);
        memory.store(slot, value);
        if (plugins.wantsRootStores()) {
            plugins.rootStore(area - 1, rootSlot, old, value);
        }
        return old;
    }

    private long idOf(long address) {
        return address == 0 ? 0 : ObjectModel.id(memory, address);
    }

    @Override
    public void death(long object) {
        checker.death(object);
        if (deathRoots != null) {
            deathRoots.release(object);
        }
    }

    @Override
    public void perfectPoint() {
        if (deathRoots != null) {
            mmtk.collection().perfectPoint();
        }
    }

    @Override
    public void collect() {
        mmtk.collection().handleUserCollectionRequest();
    }

    /** {@code C} on a mutator thread: it waits for the collection in its safe region. */
    void collectFromMutator() {
        enterSafeRegion();
        try {
            mmtk.collection().handleUserCollectionRequest();
        } catch (RuntimeException | Error e) {
            abandonSafeRegion(e);
            throw e;
        }
        leaveSafeRegion();
    }

    /**
     * The current address of {@code id}, which a {@link TraceChecker} found allocated: if it is gone, a
     * collection found it unreachable earlier (the one check that depends on where collections fall).
     */
    private long resolve(long id, String what) {
        long address = addressOf(id);
        if (address == 0) {
            throw new TraceException(what + id + ", which was already collected (unreachable at an earlier GC)");
        }
        return address;
    }

    private int area(int thread) {
        return mutator(thread).ordinal() + 1;
    }

    private Mutator mutator(int thread) {
        if (thread == lastThread) {
            return lastMutator;
        }
        Mutator m = bind(thread);
        lastThread = thread;
        lastMutator = m;
        return m;
    }

    /** The mutator of trace thread {@code thread}, bound on its first record (by any thread). */
    synchronized Mutator bind(int thread) {
        int index = threadIndex.get(thread);
        if (index < 0) {
            Mutator m = mmtk.bindMutator();
            index = mutators.size();
            mutators.add(m);
            threadIndex.put(thread, index);
        }
        return mutators.get(index);
    }

    /**
     * Allocates every object of type {@code typeId} pretenured ({@code Mutator.allocPretenured}): e.g.
     * a profiler's bookkeeping objects, known to outlive what they watch. Call before the replay.
     */
    public void pretenure(int typeId) {
        this.pretenuredType = typeId;
    }

    // ---- end of run ----

    /**
     * Tells the plugins the program ended, runs the final collection and returns what it found
     * reachable: a full-heap trace reaches every live object exactly once, in whatever space it lies,
     * so its counts are the live set.
     */
    public LiveSet finish() {
        finished = true;
        plugins.programEnd();
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

    /** The current address of object {@code id}, or 0 if it is not in the table or was reclaimed. */
    @Override
    public long addressOf(long id) {
        long address = objects.get(id);
        return address != 0 && mmtk.plan().heap().isObject(address, id) ? address : 0;
    }


    /** A number of objects and their trace bytes. */
    public record LiveSet(long objects, long bytes) {
    }
}
