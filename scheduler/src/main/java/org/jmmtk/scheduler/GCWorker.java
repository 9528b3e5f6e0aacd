package org.jmmtk.scheduler;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.jctools.queues.MpscUnboundedArrayQueue;
import org.jctools.queues.SpmcArrayQueue;
import org.jmmtk.probes.Tracepoints;
import org.jmmtk.probes.WorkPacketEvent;

/**
 * A stateless GC worker: repeatedly finds a packet and runs it, on a thread of its own (workers 1 to
 * N-1) or on the thread that asked for the collection (worker 0). Its only state is a bounded local
 * queue (which other workers may steal from), a queue of designated packets that only it may run, and
 * the per-worker context of the layer above, of type {@code C}, which it hands to every packet it runs.
 *
 * <p>Where a worker looks for work, in order: its designated queue, its local queue, the open buckets
 * in stage order, then the local queues of the other workers, starting at a pseudo-random victim and
 * going round once, taking one packet. Only the owner adds to its local queue; anyone may poll it.
 *
 * @param <C> the per-worker context type
 */
public final class GCWorker<C> {
    /** Packets a worker keeps locally before spilling to the bucket (mmtk-core's constant). */
    public static final int LOCAL_QUEUE_CAPACITY = 16;

    private static final int FROM_DESIGNATED = 0;
    private static final int FROM_LOCAL = 1;
    private static final int FROM_BUCKET = 2;
    private static final int FROM_STEAL = 3;
    private static final String[] SOURCES = {"designated", "local", "bucket", "steal"};

    private final int ordinal;
    private final GCWorkScheduler<C> scheduler;
    final SpmcArrayQueue<WorkPacket<C>> local = new SpmcArrayQueue<>(LOCAL_QUEUE_CAPACITY);
    final MpscUnboundedArrayQueue<WorkPacket<C>> designated = new MpscUnboundedArrayQueue<>(16);
    private C context;
    // Written for every packet, so long-typed and padded: HotSpot lays out a class's long fields first,
    // in declaration order, so two workers' fields never share a cache line.
    private long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
    private long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;
    private long packetSequence;
    private long currentPacketId;
    private long currentStage;
    private long lastSource;
    /** Clock reading when the current packet started; 0 unless work packets are recorded. */
    private long currentPacketStart;
    /** This thread's CPU time when the current packet started; -1 unless work packets are recorded. */
    private long currentPacketCpuStart = -1;
    private long victimSeed;

    long packetsExecuted;
    long packetsStolen;
    private long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
    private long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;

    GCWorker(int ordinal, GCWorkScheduler<C> scheduler) {
        this.ordinal = ordinal;
        this.scheduler = scheduler;
        this.victimSeed = 0x9E3779B97F4A7C15L * (ordinal + 1);
    }

    public int ordinal() {
        return ordinal;
    }

    public GCWorkScheduler<C> scheduler() {
        return scheduler;
    }

    /** This worker's context, created on the worker's own thread when the scheduler started. */
    public C context() {
        return context;
    }

    void setContext(C context) {
        this.context = context;
    }

    /** The number of the collection in progress. */
    public int gc() {
        return scheduler.currentGc();
    }

    /** Adds a packet to {@code stage}: locally when possible, otherwise to the stage's bucket. */
    public void addWork(Stage stage, WorkPacket<C> packet) {
        scheduler.addFromWorker(this, stage, packet);
    }

    /** Makes {@code packet} the sentinel of {@code stage}: it runs once when that bucket drains. */
    public void setSentinel(Stage stage, WorkPacket<C> packet) {
        scheduler.setSentinel(this, stage, packet);
    }

    /** Gives each worker a packet that only it may run, in the current packet's stage. */
    public void addDesignated(int workerOrdinal, WorkPacket<C> packet) {
        scheduler.addDesignated(this, workerOrdinal, packet);
    }

    /** The stage of the packet this worker is running. */
    Stage currentStage() {
        return Stage.ALL[(int) currentStage];
    }

    void stamp(Stage stage, WorkPacket<C> packet) {
        packet.stage = stage;
        packet.id = ((long) (ordinal + 1) << 40) | ++packetSequence;
        packet.parentId = currentPacketId;
        stampCreation(packet, currentPacketStart, currentPacketCpuStart);
    }

    /**
     * Records when {@code packet} was created (for the scalability analysis), only while work packets are
     * recorded: also in the creating thread's CPU time, which a descheduled thread or a host-JVM safepoint
     * does not advance, so that the critical path counts only the parent's own work before the spawn.
     */
    static void stampCreation(WorkPacket<?> packet, long parentStart, long parentCpuStart) {
        if (Tracepoints.workPacketsRecorded()) {
            long now = System.nanoTime();
            packet.createdAt = now;
            packet.spawnOffset = parentStart == 0 ? -1 : now - parentStart;
            packet.spawnCpuOffset = parentCpuStart < 0 ? -1 : cpuTime() - parentCpuStart;
        } else {
            packet.createdAt = 0;
            packet.spawnOffset = -1;
            packet.spawnCpuOffset = -1;
        }
    }

    /** This thread's CPU time in nanoseconds, -1 where the JVM cannot tell. */
    private static long cpuTime() {
        return CpuClock.THREADS.getCurrentThreadCpuTime();
    }

    /** Loaded on the first CPU-time reading, i.e. only by runs that record work packets (a system call each). */
    private static final class CpuClock {
        static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    }

    void run() {
        for (;;) {
            WorkPacket<C> p = findWork();
            if (p != null) {
                execute(p);
            } else if (!scheduler.park(this)) {
                return;
            }
        }
    }

    /** Runs {@code p}, handed to this worker outside any collection ({@link GCWorkScheduler#runPacket}). */
    void executeHanded(WorkPacket<C> p) {
        lastSource = FROM_DESIGNATED;
        execute(p);
    }

    private void execute(WorkPacket<C> p) {
        if (scheduler.isAborting()) {
            return;
        }
        scheduler.times().markFirstPacket(p.stage);
        currentPacketId = p.id;
        currentStage = p.stage.ordinal();
        WorkPacketEvent event = Tracepoints.workBegin();
        long started = event == null ? 0 : System.nanoTime();
        long cpuStarted = event == null ? -1 : cpuTime();
        currentPacketStart = started;
        currentPacketCpuStart = cpuStarted;
        try {
            p.execute(this);
        } catch (Throwable t) {
            scheduler.fail(t);
        }
        long cpu = cpuStarted < 0 ? -1 : cpuTime() - cpuStarted;
        Tracepoints.workEnd(event, scheduler.currentGc(), p.getClass(), ordinal, p.stage.label, p.id, p.parentId,
                SOURCES[(int) lastSource], p.spawnOffset, p.createdAt == 0 || started == 0 ? -1 : started - p.createdAt,
                cpu, p.spawnCpuOffset);
        currentPacketId = 0;
        currentPacketStart = 0;
        currentPacketCpuStart = -1;
        packetsExecuted++;
    }

    private WorkPacket<C> findWork() {
        WorkPacket<C> p = designated.relaxedPoll();
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

    private WorkPacket<C> steal() {
        GCWorker<C>[] workers = scheduler.workers();
        int n = workers.length;
        if (n == 1) {
            return null;
        }
        long seed = victimSeed;
        seed ^= seed << 13;
        seed ^= seed >>> 7;
        seed ^= seed << 17;
        victimSeed = seed;
        int start = (int) ((seed >>> 1) % n);
        for (int k = 0; k < n; k++) {
            GCWorker<C> victim = workers[(start + k) % n];
            if (victim != this) {
                WorkPacket<C> p = victim.local.relaxedPoll();
                if (p != null) {
                    return p;
                }
            }
        }
        return null;
    }
}
