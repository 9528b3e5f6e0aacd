package org.jmmtk.probes;

import java.util.List;

/**
 * The tracepoints of jmmtk: one static method (or begin/end pair) per behaviour, each backed by a JFR
 * event. This is the only class the rest of jmmtk calls; nothing outside this package touches JFR.
 *
 * <p>A tracepoint that nobody records must cost next to nothing: every method is tiny so the JIT
 * inlines it, no event object escapes (so escape analysis removes it), and strings and fields are
 * only computed after {@code shouldCommit()} says a recording wants the event. The constant
 * {@link #COMPILED} (system property {@code jmmtk.probes.off=true}) compiles them out altogether; it
 * exists so benchmarks can measure the cost of the tracepoints against the same code without them.
 *
 * <p>Thread-safe: each call works on its own event object. Called from mutator threads, GC worker
 * threads and the thread that drives a collection.
 */
public final class Tracepoints {
    /** False when the JVM was started with {@code -Djmmtk.probes.off=true}: every tracepoint is dead code. */
    public static final boolean COMPILED = !Boolean.getBoolean("jmmtk.probes.off");

    /** Every jmmtk event type, for recordings and tests. */
    public static final List<Class<? extends jdk.jfr.Event>> EVENT_TYPES = List.of(
            GcEvent.class, WorkPacketEvent.class, AllocSlowPathEvent.class, BucketOpenEvent.class,
            ProcessEdgesEvent.class, HeapUsageEvent.class);

    private static final ClassValue<String> SIMPLE_NAMES = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            return type.getSimpleName();
        }
    };

    private Tracepoints() {
    }

    /** Starts timing a work packet; pass the result to {@link #workEnd}. Null when compiled out. */
    public static WorkPacketEvent workBegin() {
        if (!COMPILED) {
            return null;
        }
        WorkPacketEvent e = new WorkPacketEvent();
        e.begin();
        return e;
    }

    /** Ends a work packet started with {@link #workBegin}; the packet type is its class's simple name. */
    public static void workEnd(WorkPacketEvent e, int gc, Class<?> packetClass, int worker, String stage,
                               long packetId, long parentId, String source) {
        if (!COMPILED) {
            return;
        }
        e.end();
        if (e.shouldCommit()) {
            e.gc = gc;
            e.type = SIMPLE_NAMES.get(packetClass);
            e.worker = worker;
            e.stage = stage;
            e.packetId = packetId;
            e.parentId = parentId;
            e.source = source;
            e.commit();
        }
    }

    /** Starts timing an allocation slow path; pass the result to {@link #allocSlowEnd}. */
    public static AllocSlowPathEvent allocSlowBegin() {
        if (!COMPILED) {
            return null;
        }
        AllocSlowPathEvent e = new AllocSlowPathEvent();
        e.begin();
        return e;
    }

    /** Ends an allocation slow path started with {@link #allocSlowBegin}. */
    public static void allocSlowEnd(AllocSlowPathEvent e, int mutator, long bytes, String space) {
        if (!COMPILED) {
            return;
        }
        e.end();
        if (e.shouldCommit()) {
            e.mutator = mutator;
            e.bytes = bytes;
            e.space = space;
            e.commit();
        }
    }

    /** Starts timing a collection; pass the result to {@link #gcEnd}. */
    public static GcEvent gcBegin() {
        if (!COMPILED) {
            return null;
        }
        GcEvent e = new GcEvent();
        e.begin();
        return e;
    }

    /** Ends a collection started with {@link #gcBegin}. */
    public static void gcEnd(GcEvent e, int gc, String plan, String kind, String reason) {
        if (!COMPILED) {
            return;
        }
        e.end();
        if (e.shouldCommit()) {
            e.gc = gc;
            e.plan = plan;
            e.kind = kind;
            e.reason = reason;
            e.commit();
        }
    }

    /** A work bucket opened. */
    public static void bucketOpen(int gc, String stage) {
        if (!COMPILED) {
            return;
        }
        BucketOpenEvent e = new BucketOpenEvent();
        if (e.shouldCommit()) {
            e.gc = gc;
            e.stage = stage;
            e.commit();
        }
    }

    /** A ProcessEdges packet is about to trace {@code edges} edges. */
    public static void processEdges(int gc, long packetId, int edges, boolean roots) {
        if (!COMPILED) {
            return;
        }
        ProcessEdgesEvent e = new ProcessEdgesEvent();
        if (e.shouldCommit()) {
            e.gc = gc;
            e.packetId = packetId;
            e.edges = edges;
            e.roots = roots;
            e.commit();
        }
    }

    /** Heap occupancy at the start ({@code after == false}) or end of a collection. */
    public static void heapUsage(int gc, boolean after, long usedBytes, long liveBytes) {
        if (!COMPILED) {
            return;
        }
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
