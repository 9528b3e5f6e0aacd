package org.jmmtk.core.scheduling;

import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.scheduler.GCWorkScheduler;

/**
 * The GC workers' {@link Collector} contexts seen as one: what the collection driver needs from them
 * around a collection. It resets their counters before a collection, adds them into the collection's
 * record after it, and walks their move logs for a binding that names objects by id. Used by the thread
 * that runs collections, while the workers are parked.
 */
public final class Collectors {
    private final GCWorkScheduler<Collector> scheduler;

    public Collectors(GCWorkScheduler<Collector> scheduler) {
        this.scheduler = scheduler;
    }

    private Collector collector(int worker) {
        return scheduler.worker(worker).context();
    }

    /** Zeroes every worker's per-collection counters. */
    public void resetCounters() {
        for (int i = 0; i < scheduler.workerCount(); i++) {
            collector(i).resetCounters();
        }
    }

    /** Adds every worker's counts of objects copied and marked and edges traced to {@code record}. */
    public void addCounts(GcRecord.Builder record) {
        for (int i = 0; i < scheduler.workerCount(); i++) {
            Collector c = collector(i);
            record.addTraced(c.objectsCopied(), c.bytesCopied(), c.objectsMarked(), c.bytesMarked(), c.edgesTraced());
        }
    }

    /**
     * After a collection, when the binding asked for move logs: calls {@code visitor} with the id and
     * new address of every object the collection moved.
     */
    public void forEachMoved(MoveVisitor visitor) {
        for (int i = 0; i < scheduler.workerCount(); i++) {
            MoveLog log = collector(i).moves();
            for (int k = 0, n = log == null ? 0 : log.count(); k < n; k++) {
                visitor.visit(log.id(k), log.address(k));
            }
        }
    }

    /** Receives the objects a collection moved. */
    @FunctionalInterface
    public interface MoveVisitor {
        void visit(long id, long address);
    }
}
