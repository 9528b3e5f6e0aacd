package org.jmmtk.probes;

import java.util.List;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;

/**
 * The tracepoints of jmmtk: one static method (or begin/end pair) per behaviour, each backed by a JFR
 * event. This is the only class the rest of jmmtk calls; nothing outside this package touches JFR.
 *
 * <p>A tracepoint that nobody records must cost next to nothing. An event object is only created when
 * its type is enabled by a running recording: a listener told about every recording's start and stop
 * (in-process or by {@code jcmd}) keeps one volatile flag per event type, and each public method is a
 * guard small enough to be inlined anywhere, calling out of line only to record. Relying on escape
 * analysis alone was not enough: where the JIT did not inline the end of a begin/end pair, the event
 * object escaped into that call and was allocated on every allocation slow path, costing 3% of
 * allocation time. Fields and strings are filled in only after {@code shouldCommit()}.
 *
 * <p>Unless JFR runs already (started with the JVM), the listener is registered on a thread of its own
 * ({@link #awaitListener} waits for it): registering initializes JFR's Java side (its security and
 * repository settings, read by interpreted code), which took 5-10 ms of the thread that first touched a
 * tracepoint, the one building the simulation.
 *
 * <p>The constant {@link #COMPILED} (system property {@code jmmtk.probes.off=true}) compiles the
 * tracepoints out altogether; it exists so benchmarks can measure their cost against the same code
 * without them.
 *
 * <p>Thread-safe: each call works on its own event object. Called from mutator threads, GC worker
 * threads and the thread that drives a collection; the flags are set by the listener's thread and JFR's.
 */
public final class Tracepoints {
    /** False when the JVM was started with {@code -Djmmtk.probes.off=true}: every tracepoint is dead code. */
    public static final boolean COMPILED = !Boolean.getBoolean("jmmtk.probes.off");

    /**
     * Every jmmtk event type, for recordings and tests. In a class of its own: JFR's event classes cannot
     * come from the class-data archive, and loading all nine from the jar took a millisecond or two of the
     * thread that first touched a tracepoint; now only a recording loads them (its listener's refresh).
     */
    public static List<Class<? extends jdk.jfr.Event>> eventTypes() {
        return EventTypes.ALL;
    }

    private static final class EventTypes {
        static final List<Class<? extends jdk.jfr.Event>> ALL = List.of(
                GcEvent.class, WorkPacketEvent.class, AllocSlowPathEvent.class, BucketOpenEvent.class,
                ProcessEdgesEvent.class, HeapUsageEvent.class, PageLockContendedEvent.class, SatbFlushEvent.class,
                ConcurrentWorkEvent.class);
    }

    private static final ClassValue<String> SIMPLE_NAMES = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            return type.getSimpleName();
        }
    };

    private static volatile boolean gcOn;
    private static volatile boolean workPacketOn;
    private static volatile boolean allocSlowPathOn;
    private static volatile boolean bucketOpenOn;
    private static volatile boolean processEdgesOn;
    private static volatile boolean heapUsageOn;
    private static volatile boolean pageLockOn;
    private static volatile boolean satbFlushOn;
    private static volatile boolean concurrentWorkOn;

    // registers the listener; a recording already running when it does (a jcmd that came first) is read then
    private static final Thread LISTENER = new Thread(Tracepoints::listen, "jmmtk-probes-listener");

    static {
        if (COMPILED) {
            if (FlightRecorder.isInitialized()) {
                // JFR started with the JVM (-XX:StartFlightRecording): registered here, so that its recording
                // sees the first event, as before
                listen();
            } else {
                LISTENER.setDaemon(true);
                LISTENER.start();
            }
        }
    }

    private Tracepoints() {
    }

    private static void listen() {
        FlightRecorder.addListener(new FlightRecorderListener() {
            @Override
            public void recorderInitialized(FlightRecorder recorder) {
                refresh();
            }

            @Override
            public void recordingStateChanged(Recording recording) {
                refresh();
            }
        });
    }

    /**
     * Waits until the tracepoints follow the recordings: a recording started in this JVM after this
     * returns is seen from its first event. Call before starting one (not from a tracepoint's own class
     * initialization).
     */
    public static void awaitListener() {
        if (!COMPILED) {
            return;
        }
        boolean interrupted = false;
        while (true) {
            try {
                LISTENER.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads which jmmtk event types the running recordings enable. */
    private static void refresh() {
        gcOn = enabled(GcEvent.class);
        workPacketOn = enabled(WorkPacketEvent.class);
        allocSlowPathOn = enabled(AllocSlowPathEvent.class);
        bucketOpenOn = enabled(BucketOpenEvent.class);
        processEdgesOn = enabled(ProcessEdgesEvent.class);
        heapUsageOn = enabled(HeapUsageEvent.class);
        pageLockOn = enabled(PageLockContendedEvent.class);
        satbFlushOn = enabled(SatbFlushEvent.class);
        concurrentWorkOn = enabled(ConcurrentWorkEvent.class);
    }

    private static boolean enabled(Class<? extends jdk.jfr.Event> type) {
        return EventType.getEventType(type).isEnabled();
    }

    // Each public method is a guard small enough for the JIT to inline anywhere (under 35 bytes of
    // bytecode); the work of recording is in out-of-line methods that run only when a recording wants
    // the event.

    /** Starts timing a work packet; pass the result to {@link #workEnd}. Null unless recorded. */
    public static WorkPacketEvent workBegin() {
        return COMPILED && workPacketOn ? beginWorkPacket() : null;
    }

    /** Ends a work packet started with {@link #workBegin}; the packet type is its class's simple name. */
    public static void workEnd(WorkPacketEvent e, int gc, Class<?> packetClass, int worker, String stage,
                               long packetId, long parentId, String source) {
        workEnd(e, gc, packetClass, worker, stage, packetId, parentId, source, -1, -1);
    }

    /**
     * As {@link #workEnd(WorkPacketEvent, int, Class, int, String, long, long, String)}, with when the packet
     * was created: {@code spawnOffset} nanoseconds after its parent started, {@code queued} nanoseconds before
     * it started (-1 when unknown). Callers take those clock readings only while {@link #workPacketsRecorded()}.
     */
    public static void workEnd(WorkPacketEvent e, int gc, Class<?> packetClass, int worker, String stage,
                               long packetId, long parentId, String source, long spawnOffset, long queued) {
        workEnd(e, gc, packetClass, worker, stage, packetId, parentId, source, spawnOffset, queued, -1, -1);
    }

    /**
     * As {@link #workEnd(WorkPacketEvent, int, Class, int, String, long, long, String, long, long)}, with the
     * packet's own CPU time ({@code cpuTime}) and its creation in its parent thread's CPU time since the
     * parent started ({@code spawnCpuOffset}), -1 when unknown.
     */
    public static void workEnd(WorkPacketEvent e, int gc, Class<?> packetClass, int worker, String stage,
                               long packetId, long parentId, String source, long spawnOffset, long queued,
                               long cpuTime, long spawnCpuOffset) {
        if (e != null) {
            endWorkPacket(e, gc, packetClass, worker, stage, packetId, parentId, source, spawnOffset, queued,
                    cpuTime, spawnCpuOffset);
        }
    }

    /**
     * Whether a recording wants work-packet events: the scheduler reads the clock when it creates a packet
     * only then, so that an unrecorded tracepoint costs no clock reading.
     */
    public static boolean workPacketsRecorded() {
        return COMPILED && workPacketOn;
    }

    /** Starts timing an allocation slow path; pass the result to {@link #allocSlowEnd}. Null unless recorded. */
    public static AllocSlowPathEvent allocSlowBegin() {
        return COMPILED && allocSlowPathOn ? beginAllocSlowPath() : null;
    }

    /** Ends an allocation slow path started with {@link #allocSlowBegin}. */
    public static void allocSlowEnd(AllocSlowPathEvent e, int mutator, long bytes, String space) {
        if (e != null) {
            endAllocSlowPath(e, mutator, bytes, space);
        }
    }

    /**
     * Starts timing a wait for a page resource's lock, called only once a first attempt to take it failed;
     * pass the result to {@link #pageLockEnd}. Null unless recorded.
     */
    public static PageLockContendedEvent pageLockBegin() {
        return COMPILED && pageLockOn ? beginPageLock() : null;
    }

    /** Ends a wait started with {@link #pageLockBegin}, now that the lock of {@code space}'s page resource is held. */
    public static void pageLockEnd(PageLockContendedEvent e, String space) {
        if (e != null) {
            endPageLock(e, space);
        }
    }

    /** Starts timing a collection; pass the result to {@link #gcEnd}. Null unless recorded. */
    public static GcEvent gcBegin() {
        return COMPILED && gcOn ? beginGc() : null;
    }

    /** Ends a collection started with {@link #gcBegin}. */
    public static void gcEnd(GcEvent e, int gc, String plan, String kind, String reason) {
        if (e != null) {
            endGc(e, gc, plan, kind, reason);
        }
    }

    /** A work bucket opened. */
    public static void bucketOpen(int gc, String stage) {
        if (COMPILED && bucketOpenOn) {
            commitBucketOpen(gc, stage);
        }
    }

    /** A ProcessEdges packet traced {@code edges} edges (its own and those of the objects it reached). */
    public static void processEdges(int gc, long packetId, int edges, boolean roots) {
        if (COMPILED && processEdgesOn) {
            commitProcessEdges(gc, packetId, edges, roots);
        }
    }

    /** Heap occupancy at the start ({@code after == false}) or end of a collection. */
    public static void heapUsage(int gc, boolean after, long usedBytes, long liveBytes) {
        if (COMPILED && heapUsageOn) {
            commitHeapUsage(gc, after, usedBytes, liveBytes);
        }
    }

    /** A mutator's SATB buffer of {@code entries} logged references went to the mark queue of cycle {@code cycle}. */
    public static void satbFlush(int cycle, int entries) {
        if (COMPILED && satbFlushOn) {
            commitSatbFlush(cycle, entries);
        }
    }

    /** Starts timing concurrent work outside a pause; pass the result to {@link #concurrentWorkEnd}. Null unless recorded. */
    public static ConcurrentWorkEvent concurrentWorkBegin() {
        return COMPILED && concurrentWorkOn ? beginConcurrentWork() : null;
    }

    /** Ends concurrent work started with {@link #concurrentWorkBegin}. */
    public static void concurrentWorkEnd(ConcurrentWorkEvent e, int gc, String plan, long record) {
        if (e != null) {
            endConcurrentWork(e, gc, plan, record);
        }
    }

    private static void commitSatbFlush(int cycle, int entries) {
        SatbFlushEvent e = new SatbFlushEvent();
        if (e.shouldCommit()) {
            e.cycle = cycle;
            e.entries = entries;
            e.commit();
        }
    }

    private static ConcurrentWorkEvent beginConcurrentWork() {
        ConcurrentWorkEvent e = new ConcurrentWorkEvent();
        e.begin();
        return e;
    }

    private static void endConcurrentWork(ConcurrentWorkEvent e, int gc, String plan, long record) {
        e.end();
        if (e.shouldCommit()) {
            e.gc = gc;
            e.plan = plan;
            e.record = record;
            e.commit();
        }
    }

    private static WorkPacketEvent beginWorkPacket() {
        WorkPacketEvent e = new WorkPacketEvent();
        e.begin();
        return e;
    }

    private static void endWorkPacket(WorkPacketEvent e, int gc, Class<?> packetClass, int worker, String stage,
                                      long packetId, long parentId, String source, long spawnOffset,
                                      long queued, long cpuTime, long spawnCpuOffset) {
        e.end();
        if (e.shouldCommit()) {
            e.gc = gc;
            e.type = SIMPLE_NAMES.get(packetClass);
            e.worker = worker;
            e.stage = stage;
            e.packetId = packetId;
            e.parentId = parentId;
            e.source = source;
            e.spawnOffset = spawnOffset;
            e.queued = queued;
            e.cpuTime = cpuTime;
            e.spawnCpuOffset = spawnCpuOffset;
            e.commit();
        }
    }

    private static AllocSlowPathEvent beginAllocSlowPath() {
        AllocSlowPathEvent e = new AllocSlowPathEvent();
        e.begin();
        return e;
    }

    private static void endAllocSlowPath(AllocSlowPathEvent e, int mutator, long bytes, String space) {
        e.end();
        if (e.shouldCommit()) {
            e.mutator = mutator;
            e.bytes = bytes;
            e.space = space;
            e.commit();
        }
    }

    private static PageLockContendedEvent beginPageLock() {
        PageLockContendedEvent e = new PageLockContendedEvent();
        e.begin();
        return e;
    }

    private static void endPageLock(PageLockContendedEvent e, String space) {
        e.end();
        if (e.shouldCommit()) {
            e.space = space;
            e.commit();
        }
    }

    private static GcEvent beginGc() {
        GcEvent e = new GcEvent();
        e.begin();
        return e;
    }

    private static void endGc(GcEvent e, int gc, String plan, String kind, String reason) {
        e.end();
        if (e.shouldCommit()) {
            e.gc = gc;
            e.plan = plan;
            e.kind = kind;
            e.reason = reason;
            e.commit();
        }
    }

    private static void commitBucketOpen(int gc, String stage) {
        BucketOpenEvent e = new BucketOpenEvent();
        if (e.shouldCommit()) {
            e.gc = gc;
            e.stage = stage;
            e.commit();
        }
    }

    private static void commitProcessEdges(int gc, long packetId, int edges, boolean roots) {
        ProcessEdgesEvent e = new ProcessEdgesEvent();
        if (e.shouldCommit()) {
            e.gc = gc;
            e.packetId = packetId;
            e.edges = edges;
            e.roots = roots;
            e.commit();
        }
    }

    private static void commitHeapUsage(int gc, boolean after, long usedBytes, long liveBytes) {
        HeapUsageEvent e = new HeapUsageEvent();
        if (e.shouldCommit()) {
            e.gc = gc;
            e.after = after;
            e.usedBytes = usedBytes;
            e.liveBytes = liveBytes;
            e.commit();
        }
    }
}
