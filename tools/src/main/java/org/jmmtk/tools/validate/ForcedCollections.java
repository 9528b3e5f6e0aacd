package org.jmmtk.tools.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where {@code validate} has the recorded JVM collect in full: at the points of the program's allocation
 * where its HotSpot run had its full collections, so that what the program's weak references (a {@code
 * WeakHashMap}, a weak cache) see, and so the work it does, is what HotSpot's run did, every recording
 * (docs/validation.md, "Why the weak caches' recordings vary"). A point is the bytes the program had
 * allocated when the collection came: the eden and tenured bytes allocated between HotSpot's collections
 * (each heap print before one, less the one after the collection before) less what TLABs left unused
 * there (the log's TLAB totals: eden the program did not allocate, 1-3% of it, which the recorder's
 * count, the trace's clock, does not have; without them the points fell later in the program by that much
 * at every young collection, 3.3 MB by the eighth full collection of {@code Cleaners}), summed up to the
 * full collection, less what the JVM allocated before {@code main} (which the recorder does not see). Full
 * collections the program asked for ({@code System.gc()}) are not points: the recorded program asks too.
 * The recorded JVM gets a young generation the program and the recorder do not fill (so that it collects
 * at no other point of its own) and a metaspace threshold no class loading reaches. Used by the command's
 * thread.
 *
 * @param points         the program-allocation bytes of each full collection, increasing
 * @param allocatedBytes what the program allocated in HotSpot's run, start-up excluded
 */
record ForcedCollections(long[] points, long allocatedBytes) {
    /**
     * The recorded JVM's young generation over the program's allocation in HotSpot's run: the recorder
     * allocates 2.9-6.8 times what the program does in the same heap (Sessions, WeakCache), so eight
     * times leaves room for both.
     */
    static final int YOUNG_FACTOR = 8;
    /** The least young generation given (a program that allocates little still loads the recorder). */
    static final long MIN_YOUNG = 64L << 20;
    /** The metaspace threshold: high enough that no {@code Metadata GC Threshold} collection comes early. */
    static final String METASPACE = "-XX:MetaspaceSize=512m";
    private static final String REQUESTED = "System.gc()";

    /** The points of {@code log}'s full collections, with {@code startupAllocated} bytes allocated before {@code main}. */
    static ForcedCollections of(SerialGcLog log, long startupAllocated) {
        List<Long> points = new ArrayList<>();
        long allocated = 0;
        Occupancy last = Occupancy.EMPTY;
        for (HotSpotGc gc : log.collections()) {
            allocated += Math.max(0, allocatedBetween(last, gc.before()) - Math.max(0, gc.tlabWasteBytes()));
            last = gc.after();
            long point = allocated - startupAllocated;
            if (!gc.young() && !gc.cause().equals(REQUESTED) && point > 0
                    && (points.isEmpty() || point > points.get(points.size() - 1))) {
                points.add(point);
            }
        }
        if (log.atExit() != null) {
            allocated += allocatedBetween(last, log.atExit());
        }
        return new ForcedCollections(points.stream().mapToLong(Long::longValue).toArray(),
                Math.max(0, allocated - startupAllocated));
    }

    /** Bytes allocated from heap {@code after} one collection to heap {@code before} the next: eden's growth and the tenured generation's. */
    private static long allocatedBetween(Occupancy after, Occupancy before) {
        return Math.max(0, before.eden() - after.eden()) + Math.max(0, before.old() - after.old());
    }

    /** Whether there is any collection to force. */
    boolean any() {
        return points.length > 0;
    }

    /** The young generation of the recorded JVM, rounded up to a megabyte. */
    long youngBytes() {
        long bytes = Math.max(MIN_YOUNG, allocatedBytes * YOUNG_FACTOR);
        return (bytes + (1 << 20) - 1) >> 20 << 20;
    }

    /**
     * The recorded JVM's heap: {@link #youngBytes} and an old generation twice the heap {@code validate}
     * records in otherwise ({@link Geometry#recordingHeapBytes}, for the program's data and the recorder's
     * per-object data, which a forced collection compacts into it).
     */
    long heapBytes(Geometry g) {
        return youngBytes() + 2 * g.recordingHeapBytes();
    }

    /** The recorded JVM's options. */
    List<String> recordingOptions(Geometry g) {
        String heap = (heapBytes(g) >> 10) + "k";
        return List.of("-XX:+UseSerialGC", "-Xms" + heap, "-Xmx" + heap, "-Xmn" + (youngBytes() >> 10) + "k", METASPACE);
    }

    /** The points as {@code record --collect-at} takes them. */
    String option() {
        StringBuilder s = new StringBuilder();
        for (long p : points) {
            s.append(s.length() == 0 ? "" : ",").append(p);
        }
        return s.toString();
    }

    /** The points for a message: "60,013,688 and 73,645,176 bytes". */
    String describe() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < points.length; i++) {
            s.append(i == 0 ? "" : i == points.length - 1 ? " and " : ", ").append(String.format(Locale.ROOT, "%,d", points[i]));
        }
        return s.append(" bytes").toString();
    }
}
