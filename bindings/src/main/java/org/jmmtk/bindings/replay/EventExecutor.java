package org.jmmtk.bindings.replay;

import org.jmmtk.bindings.trace.TraceChecker;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Mutator;

/**
 * Executes the trace's heap events as the program's mutators would: allocations go through the
 * plan's allocators of the event's mutator and enter the binding's id table, pointer stores through
 * its write barrier, root stores into the binding's root slots (reported to the plugins that asked),
 * collection requests to the memory manager. Ids are resolved to addresses through the binding; an id
 * whose object is gone was found unreachable by an earlier collection, the one inconsistency that
 * depends on where collections fall ({@link TraceException}; the others a {@link TraceChecker} has
 * found before the event gets here). Each store returns the address the slot held before, which a
 * parallel replay keeps alive until its cut passes.
 *
 * <p>Called by the replaying thread ({@link SequentialReplay}), or by the mutator threads of a
 * {@link ParallelReplay} at once, each with its own mutators; the tables it uses are then shared.
 */
final class EventExecutor {
    private final ReplayBinding binding;
    private final MMTK mmtk;
    private final SimulatedMemory memory;
    private final RootArea roots;
    private final ObjectTable objects;
    private final PluginHost plugins;
    private final int pretenuredType;

    /** An executor for {@code binding}'s program; its pretenured type is the one set so far. */
    EventExecutor(ReplayBinding binding) {
        this.binding = binding;
        this.mmtk = binding.mmtk();
        this.memory = binding.memory();
        this.roots = binding.rootArea();
        this.objects = binding.objectTable();
        this.plugins = mmtk.plugins();
        this.pretenuredType = binding.pretenuredType();
    }

    ReplayBinding binding() {
        return binding;
    }

    /** {@code A}: allocates object {@code object} on {@code m}, enters it in the id table and returns its address. */
    long alloc(Mutator m, long object, long bytes, int refSlots, int typeId) {
        long address = typeId == pretenuredType ? m.allocPretenured(object, bytes, refSlots, typeId)
                : m.allocObject(object, bytes, refSlots, typeId);
        objects.put(object, address);
        return address;
    }

    /** {@code W} by {@code m}: stores into slot {@code slot} of {@code source}; returns what the slot held. */
    long write(Mutator m, long source, int slot, long target) {
        long src = resolve(source, "store into object ");
        TraceChecker.checkSlot(source, slot, ObjectModel.refSlots(memory, src));
        long old = memory.load(ObjectModel.slotAddress(src, slot));
        m.writeReference(src, slot, target == 0 ? 0 : resolve(target, "reference to object "));
        return old;
    }

    /**
     * {@code W} by {@code m} when every check of the record passes: {@code source} and a non-null
     * {@code target} name objects the id table holds at their addresses (so both were allocated and
     * neither was collected) and {@code slot} is one of the source's slots; then stores and returns
     * true. Otherwise returns false having done nothing, and the caller runs the checks one by one
     * ({@link TraceChecker#write}, then {@link #write}) to report the first that fails. A sequential
     * replay's path: it needs neither the slot's old value nor a second lookup of the ids.
     */
    boolean tryWrite(Mutator m, long source, int slot, long target) {
        long src = source > 0 ? binding.addressOf(source) : 0;
        if (src == 0 || slot < 0 || slot >= ObjectModel.refSlots(memory, src)) {
            return false;
        }
        long value = checkedAddress(target);
        if (value < 0) {
            return false;
        }
        m.writeReference(src, slot, value);
        return true;
    }

    /**
     * {@code R} or {@code G} (area 0) when the target check passes: a non-null {@code target} names an
     * object the id table holds; then stores into root slot {@code rootSlot}, which the caller has
     * range-checked, and returns true. Otherwise returns false having done nothing (as {@link #tryWrite}).
     */
    boolean tryRoot(int area, int rootSlot, long target) {
        long value = checkedAddress(target);
        if (value < 0) {
            return false;
        }
        storeRoot(area, rootSlot, value);
        return true;
    }

    /** The address of a store's {@code target}: 0 for null, -1 if the id table does not hold it. */
    private long checkedAddress(long target) {
        if (target == 0) {
            return 0;
        }
        long value = target > 0 ? binding.addressOf(target) : 0;
        return value == 0 ? -1 : value;
    }

    /** {@code R} by {@code m}: stores into one of its root slots; returns what the slot held. */
    long root(Mutator m, int rootSlot, long target) {
        long value = target == 0 ? 0 : resolve(target, "root reference to object ");
        return storeRoot(m.ordinal() + 1, rootSlot, value);
    }

    /** {@code G}: stores into a global root slot; returns what the slot held. */
    long global(int rootSlot, long target) {
        long value = target == 0 ? 0 : resolve(target, "global reference to object ");
        return storeRoot(0, rootSlot, value);
    }

    /**
     * {@code X} of trace thread {@code thread}, whose mutator is {@code m}: its root slots must all be
     * clear ({@link TraceChecker#rootHeldAtEnd} otherwise); then the mutator is told its thread ended.
     */
    void threadEnd(int thread, Mutator m) {
        int area = m.ordinal() + 1;
        int held = roots.firstHeldSlot(area);
        if (held >= 0) {
            throw TraceChecker.rootHeldAtEnd(thread, held, ObjectModel.id(memory, memory.load(roots.slot(area, held))));
        }
        m.threadEnded();
    }

    /** {@code C}: the calling mutator thread waits for the collection it requests in its safe region. */
    void collect() {
        binding.enterSafeRegion();
        try {
            mmtk.collection().handleUserCollectionRequest();
        } catch (RuntimeException | Error e) {
            binding.abandonSafeRegion(e);
            throw e;
        }
        binding.leaveSafeRegion();
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

    /** The current address of {@code id}, which a {@link TraceChecker} found allocated. */
    private long resolve(long id, String what) {
        long address = binding.addressOf(id);
        if (address == 0) {
            throw new TraceException(what + id + ", which was already collected (unreachable at an earlier GC)");
        }
        return address;
    }
}
