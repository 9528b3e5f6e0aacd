package org.jmmtk.bindings.replay;

import org.jmmtk.bindings.trace.TraceChecker;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.core.collection.CollectionDriver;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Pacing;

/**
 * Replays a trace on one thread: checks each record as every consumer does ({@link TraceChecker}:
 * field ranges, threads, duplicate ids, objects never allocated, death records, slots in range) and
 * executes it ({@link EventExecutor}) on the mutator of its trace thread, which the binding binds on
 * the thread's first record. Collections run while this thread waits in an allocation or a
 * collection request ({@link OneReplayThread}). Death records and points of perfect knowledge are
 * only checked here; a {@link SyncReplay} gives them their meaning under {@code --sync}. Every record
 * but a type declaration is counted ({@link ReplayBinding#recordsReplayed}); under {@code --pacing},
 * every K of them (every {@value #REAL_PACE_RECORDS} under real pacing) are a pacing point
 * ({@link CollectionDriver#pace}).
 *
 * <p>Called by the replaying thread only.
 */
final class SequentialReplay implements TraceEvents {
    private final EventExecutor executor;
    private final MutatorRegistry mutators;
    private final TraceChecker checker = new TraceChecker();
    private final ReplayBinding binding;
    private final CollectionDriver driver;
    /** Records between pacing points; 0: no pacing. */
    private final int paceEvery;
    private int untilPace;
    /** A pacing point was passed: it runs before the next record, when everything up to it is replayed. */
    private boolean paceDue;

    SequentialReplay(EventExecutor executor) {
        this.executor = executor;
        this.binding = executor.binding();
        this.mutators = binding.mutatorRegistry();
        this.driver = binding.mmtk().collection();
        Pacing pacing = binding.mmtk().options().pacing();
        this.paceEvery = pacing.paced() ? pacing.records() : pacing.real() ? REAL_PACE_RECORDS : 0;
        this.untilPace = paceEvery;
        binding.countRecords();
    }

    /**
     * Under real pacing, records between the replaying thread's visits to the driver: to start
     * concurrent work the plan has queued and to run the pause that ends it once it is done.
     */
    static final int REAL_PACE_RECORDS = 64;

    /**
     * After each record but type declarations: counts it and notes a pacing point every
     * {@code paceEvery} records. The concurrent work runs at the start of the next record
     * ({@link #paceIfDue}), not here: whatever follows this replay with the same record (a shadow heap
     * teed after it) has then seen it too, so a pause there sees the same program point.
     */
    private void replayed() {
        binding.recordReplayed();
        if (paceEvery > 0 && --untilPace == 0) {
            untilPace = paceEvery;
            paceDue = true;
        }
    }

    /** Before each record but type declarations: lets concurrent work advance at a pacing point just passed. */
    private void paceIfDue() {
        if (paceDue) {
            paceDue = false;
            driver.pace();
        }
    }

    @Override
    public void type(int typeId, String name) {
        // type names matter to reports, not to the heap
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        checker.weakSlot(typeId, slot);
        binding.mmtk().plan().weakSlots().mark(typeId, slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        paceIfDue();
        checker.alloc(thread, object, bytes, refSlots, typeId);
        executor.alloc(mutators.forThread(thread), object, bytes, refSlots, typeId);
        replayed();
    }

    /**
     * A store whose checks all pass takes the executor's fast path, which resolves each id once; any
     * other runs the checker and then the executor, so the first check that fails is reported as ever.
     */
    @Override
    public void write(int thread, long source, int slot, long target) {
        paceIfDue();
        if (!checker.knownThread(thread) || !executor.tryWrite(mutators.forThread(thread), source, slot, target)) {
            checker.write(thread, source, slot, target);
            executor.write(mutators.forThread(thread), source, slot, target);
        }
        replayed();
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        paceIfDue();
        if (!checker.knownThread(thread) || !rootSlotInRange(rootSlot)
                || !executor.tryRoot(mutators.forThread(thread).ordinal() + 1, rootSlot, target)) {
            checker.root(thread, rootSlot, target);
            executor.root(mutators.forThread(thread), rootSlot, target);
        }
        replayed();
    }

    @Override
    public void global(int rootSlot, long target) {
        paceIfDue();
        if (!rootSlotInRange(rootSlot) || !executor.tryRoot(0, rootSlot, target)) {
            checker.global(rootSlot, target);
            executor.global(rootSlot, target);
        }
        replayed();
    }

    private static boolean rootSlotInRange(int rootSlot) {
        return rootSlot >= 0 && rootSlot <= TraceFormat.MAX_ROOT_SLOT;
    }

    @Override
    public void threadEnd(int thread) {
        paceIfDue();
        checker.threadEnd(thread);
        Mutator m = mutators.ofEnded(thread);
        if (m != null) {
            executor.threadEnd(thread, m);
        }
        replayed();
    }

    @Override
    public void death(long object) {
        paceIfDue();
        checker.death(object);
        replayed();
    }

    @Override
    public void perfectPoint() {
        paceIfDue();
        // only a synchronization scheme collects at these
        replayed();
    }

    @Override
    public void collect() {
        paceIfDue();
        executor.collect();
        replayed();
    }
}
