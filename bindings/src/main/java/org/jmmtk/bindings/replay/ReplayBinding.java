package org.jmmtk.bindings.replay;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.vm.EdgeVisitor;
import org.jmmtk.core.vm.VMBinding;
import org.jmmtk.core.policy.Space;
import org.jmmtk.scheduler.GCWorker;

/**
 * The trace-replay "virtual machine": it executes trace events as the program's mutators. Each trace
 * thread gets a mutator context; allocations go through the plan's allocators, pointer stores through
 * its write barrier, root stores into root slots in a {@link RootArea}. Objects are named by trace
 * ids, mapped to addresses by an {@link ObjectTable}: a weak table that the binding refreshes after
 * each collection from the closure's survivor log, outside the pause (a real VM has no such table, so
 * its upkeep must not inflate pause times).
 *
 * <p>Inconsistent events (a store into an object never allocated or already collected, a slot out of
 * range, a duplicate id) throw {@link TraceException}. Events arrive on one replaying thread; GC
 * workers call the {@link VMBinding} methods while that thread waits for the collection.
 */
public final class ReplayBinding implements VMBinding, TraceEvents {
    private MMTK mmtk;
    private SimulatedMemory memory;
    private RootArea roots;
    private final ObjectTable objects = new ObjectTable();
    private final AllocatedIds allocated = new AllocatedIds();
    private final Int2IntOpenHashMap threadIndex = new Int2IntOpenHashMap();
    private final List<Mutator> mutators = new ArrayList<>();
    private int liveAfterLastCompaction;

    public ReplayBinding() {
        threadIndex.defaultReturnValue(-1);
    }

    @Override
    public void boot(MMTK instance) {
        this.mmtk = instance;
        this.memory = instance.memory();
        this.roots = new RootArea(memory, instance.layout().reserve("vm-roots", MMTK.VM_AREA_BYTES));
    }

    public MMTK mmtk() {
        return mmtk;
    }

    // ---- VMBinding ----

    @Override
    public List<Mutator> mutators() {
        return Collections.unmodifiableList(mutators);
    }

    @Override
    public void stopAllMutators() {
        // the one replaying thread is already waiting for the collection it requested
    }

    @Override
    public boolean needsSurvivorLog() {
        return true;
    }

    /** Refreshes the id table from the collection's survivors; drops dead entries once they dominate. */
    @Override
    public void resumeMutators() {
        int gc = mmtk.gcNumber();
        mmtk.forEachSurvivor((id, address) -> objects.put(id, address, gc));
        if (objects.size() > 2 * liveAfterLastCompaction + 4096) {
            objects.retainIf(this::isAlive);
            liveAfterLastCompaction = objects.size();
        }
    }

    /** Whether an entry stamped {@code stamp} at {@code address} is alive: no later collection reclaimed its space. */
    private boolean isAlive(long address, int stamp) {
        Space space = mmtk.plan().spaceOf(address);
        return space != null && stamp >= space.lastCollection();
    }

    @Override
    public void scanMutatorRoots(Mutator mutator, EdgeVisitor visitor) {
        roots.scan(mutator.ordinal() + 1, visitor);
    }

    @Override
    public void scanGlobalRoots(EdgeVisitor visitor) {
        roots.scan(0, visitor);
    }

    @Override
    public void processWeakRefs(GCWorker worker) {
        // the id table is refreshed from the survivor log after the collection
    }

    // ---- TraceEvents ----

    @Override
    public void type(int typeId, String name) {
        // type names matter to reports, not to the heap
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        if (!allocated.add(object)) {
            throw new TraceException("duplicate object id " + object);
        }
        long address = mutator(thread).allocObject(object, bytes, refSlots, typeId);
        objects.put(object, address, mmtk.gcNumber());
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        long src = resolve(source, "store into object ");
        int slots = ObjectModel.refSlots(memory, src);
        if (slot >= slots) {
            throw new TraceException("slot " + slot + " is out of range: object " + source + " has " + slots
                    + " reference slots");
        }
        mutator(thread).writeReference(src, slot, target == 0 ? 0 : resolve(target, "reference to object "));
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        long value = target == 0 ? 0 : resolve(target, "root reference to object ");
        memory.store(roots.slot(area(thread), rootSlot), value);
    }

    @Override
    public void global(int rootSlot, long target) {
        long value = target == 0 ? 0 : resolve(target, "global reference to object ");
        memory.store(roots.slot(0, rootSlot), value);
    }

    @Override
    public void death(long object) {
        if (!allocated.contains(object)) {
            throw new TraceException("death of object " + object + ", which was never allocated");
        }
    }

    @Override
    public void perfectPoint() {
        // replay needs no perfect knowledge
    }

    @Override
    public void collect() {
        mmtk.handleUserCollectionRequest();
    }

    /** The current address of {@code id}; a clear error if it does not exist. */
    private long resolve(long id, String what) {
        int slot = objects.find(id);
        long address = slot < 0 || !isAlive(objects.address(slot), objects.stamp(slot)) ? 0 : objects.address(slot);
        if (address == 0) {
            throw new TraceException(what + id + (allocated.contains(id)
                    ? ", which was already collected (unreachable at an earlier GC)"
                    : ", which was never allocated"));
        }
        return address;
    }

    private int area(int thread) {
        mutator(thread);
        return threadIndex.get(thread) + 1;
    }

    private Mutator mutator(int thread) {
        int index = threadIndex.get(thread);
        if (index < 0) {
            if (mutators.size() >= roots.maxThreads()) {
                throw new TraceException("too many threads: a replay supports at most " + roots.maxThreads());
            }
            Mutator m = mmtk.bindMutator();
            index = mutators.size();
            mutators.add(m);
            threadIndex.put(thread, index);
        }
        return mutators.get(index);
    }

    // ---- end of run ----

    /** Runs the final collection and counts what is still reachable. */
    public LiveSet finish() {
        mmtk.collect(GcReason.FINAL);
        return liveSet();
    }

    /** The objects in the id table (after a full collection: exactly the reachable ones). */
    public LiveSet liveSet() {
        long[] totals = new long[2];
        objects.forEach(this::isAlive, (id, address) -> {
            totals[0]++;
            totals[1] += ObjectModel.traceBytes(memory, address);
        });
        return new LiveSet(totals[0], totals[1]);
    }

    /** The current address of object {@code id}, or 0 if it is not in the table. */
    public long addressOf(long id) {
        int slot = objects.find(id);
        return slot >= 0 && isAlive(objects.address(slot), objects.stamp(slot)) ? objects.address(slot) : 0;
    }

    /** Calls {@code visitor} with every (id, address) in the table. */
    public void forEachObject(ObjectVisitor visitor) {
        objects.forEach(this::isAlive, visitor);
    }

    /** What a replay left reachable. */
    public record LiveSet(long objects, long bytes) {
    }
}
