package org.jmmtk.bindings.replay;

import org.jmmtk.bindings.trace.TraceChecker;
import org.jmmtk.bindings.trace.TraceEvents;

/**
 * Replays a trace on one thread: checks each record as every consumer does ({@link TraceChecker}:
 * field ranges, threads, duplicate ids, objects never allocated, death records, slots in range) and
 * executes it ({@link EventExecutor}) on the mutator of its trace thread, which the binding binds on
 * the thread's first record. Collections run while this thread waits in an allocation or a
 * collection request ({@link OneReplayThread}). Death records and points of perfect knowledge are
 * only checked here; a {@link SyncReplay} gives them their meaning under {@code --sync}.
 *
 * <p>Called by the replaying thread only.
 */
final class SequentialReplay implements TraceEvents {
    private final EventExecutor executor;
    private final MutatorRegistry mutators;
    private final TraceChecker checker = new TraceChecker();

    SequentialReplay(EventExecutor executor) {
        this.executor = executor;
        this.mutators = executor.binding().mutatorRegistry();
    }

    @Override
    public void type(int typeId, String name) {
        // type names matter to reports, not to the heap
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        checker.alloc(thread, object, bytes, refSlots, typeId);
        executor.alloc(mutators.forThread(thread), object, bytes, refSlots, typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        checker.write(thread, source, slot, target);
        executor.write(mutators.forThread(thread), source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        checker.root(thread, rootSlot, target);
        executor.root(mutators.forThread(thread), rootSlot, target);
    }

    @Override
    public void global(int rootSlot, long target) {
        checker.global(rootSlot, target);
        executor.global(rootSlot, target);
    }

    @Override
    public void death(long object) {
        checker.death(object);
    }

    @Override
    public void perfectPoint() {
        // only a synchronization scheme collects at these
    }

    @Override
    public void collect() {
        executor.collect();
    }
}
