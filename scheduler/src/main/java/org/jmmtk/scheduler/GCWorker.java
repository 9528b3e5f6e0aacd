package org.jmmtk.scheduler;

import org.jctools.queues.MpscUnboundedArrayQueue;
import org.jctools.queues.SpmcArrayQueue;
import org.jmmtk.probes.Tracepoints;
import org.jmmtk.probes.WorkPacketEvent;

/**
 * A stateless GC worker: a thread that repeatedly finds a packet and runs it. Its only state is a
 * bounded local queue (which other workers may steal from), a queue of designated packets that only it
 * may run, and the {@link WorkerContext} of the layer above.
 *
 * <p>Where a worker looks for work, in order: its designated queue, its local queue, the open buckets
 * in stage order, then the local queues of the other workers, starting at a pseudo-random victim and
 * going round once, taking one packet. Only the owner adds to its local queue; anyone may poll it.
 */
public final class GCWorker {
    /** Packets a worker keeps locally before spilling to the bucket (mmtk-core's constant). */
    public static final int LOCAL_QUEUE_CAPACITY = 16;

    static final String FROM_DESIGNATED = "designated";
    static final String FROM_LOCAL = "local";
    static final String FROM_BUCKET = "bucket";
    static final String FROM_STEAL = "steal";

    private final int ordinal;
    private final GCWorkScheduler scheduler;
    final SpmcArrayQueue<WorkPacket> local = new SpmcArrayQueue<>(LOCAL_QUEUE_CAPACITY);
    final MpscUnboundedArrayQueue<WorkPacket> designated = new MpscUnboundedArrayQueue<>(16);
    private WorkerContext context;
    private long packetSequence;
    private long currentPacketId;
    private Stage currentStage;
    private String lastSource;
    private int victimSeed;

    long packetsExecuted;
    long packetsStolen;

    GCWorker(int ordinal, GCWorkScheduler scheduler) {
        this.ordinal = ordinal;
        this.scheduler = scheduler;
        this.victimSeed = 0x9E3779B9 * (ordinal + 1);
    }

    public int ordinal() {
        return ordinal;
    }

    public GCWorkScheduler scheduler() {
        return scheduler;
    }

    public WorkerContext context() {
        return context;
    }

    void setContext(WorkerContext context) {
        this.context = context;
    }

    /** The number of the collection in progress. */
    public int gc() {
        return scheduler.currentGc();
    }

    /** Adds a packet to {@code stage}: locally when possible, otherwise to the stage's bucket. */
    public void addWork(Stage stage, WorkPacket packet) {
        scheduler.addFromWorker(this, stage, packet);
    }

    /** Makes {@code packet} the sentinel of {@code stage}: it runs once when that bucket drains. */
    public void setSentinel(Stage stage, WorkPacket packet) {
        scheduler.setSentinel(this, stage, packet);
    }

    /** Gives each worker a packet that only it may run, in the current packet's stage. */
    public void addDesignated(int workerOrdinal, WorkPacket packet) {
        scheduler.addDesignated(this, workerOrdinal, packet);
    }

    /** The stage of the packet this worker is running. */
    Stage currentStage() {
        return currentStage;
    }

    void stamp(Stage stage, WorkPacket packet) {
        packet.stage = stage;
        packet.id = ((long) (ordinal + 1) << 40) | ++packetSequence;
        packet.parentId = currentPacketId;
    }

    void run() {
        for (;;) {
            WorkPacket p = findWork();
            if (p != null) {
                execute(p);
            } else if (!scheduler.park(this)) {
                return;
            }
        }
    }

    private void execute(WorkPacket p) {
        if (scheduler.isAborting()) {
            return;
        }
        scheduler.times().markFirstPacket(p.stage);
        currentPacketId = p.id;
        currentStage = p.stage;
        WorkPacketEvent event = Tracepoints.workBegin();
        try {
            p.execute(this);
        } catch (Throwable t) {
            scheduler.fail(t);
        }
        Tracepoints.workEnd(event, scheduler.currentGc(), p.getClass(), ordinal, p.stage.label, p.id, p.parentId,
                lastSource);
        currentPacketId = 0;
        packetsExecuted++;
    }

    private WorkPacket findWork() {
        WorkPacket p = designated.relaxedPoll();
        if (p != null) {
            lastSource = FROM_DESIGNATED;
            return p;
        }
        p = local.relaxedPoll();
        if (p != null) {
            lastSource = FROM_LOCAL;
            return p;
        }
        p = scheduler.pollBuckets();
        if (p != null) {
            lastSource = FROM_BUCKET;
            return p;
        }
        p = steal();
        if (p != null) {
            lastSource = FROM_STEAL;
            packetsStolen++;
        }
        return p;
    }

    private WorkPacket steal() {
        GCWorker[] workers = scheduler.workers();
        int n = workers.length;
        if (n == 1) {
            return null;
        }
        int seed = victimSeed;
        seed ^= seed << 13;
        seed ^= seed >>> 17;
        seed ^= seed << 5;
        victimSeed = seed;
        int start = (seed & Integer.MAX_VALUE) % n;
        for (int k = 0; k < n; k++) {
            GCWorker victim = workers[(start + k) % n];
            if (victim != this) {
                WorkPacket p = victim.local.relaxedPoll();
                if (p != null) {
                    return p;
                }
            }
        }
        return null;
    }
}
