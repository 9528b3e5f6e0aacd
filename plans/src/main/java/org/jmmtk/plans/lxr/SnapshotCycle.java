package org.jmmtk.plans.lxr;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * LXR's snapshot cycle in progress or just ended, from its initial-satb pause to the final-satb pause
 * that ends it (a full collection in between abandons it, unreported), and the metrics the pause after
 * it reports under concurrentimmix's names (docs/metrics.md, "Concurrent cycles"). Touched in pauses,
 * except the concurrent units, counted by the thread that hands out concurrent work, and the marked
 * bytes, added to by a final-satb pause's packets.
 */
final class SnapshotCycle {
    private final AtomicLong marked = new AtomicLong();
    private int startGc;
    private long snapshotRecord;
    private long finalMarkRecord;
    private long allocated;
    private long diedYoung;
    private long logged;
    private long slowPaths;
    private long units;
    private boolean ended;

    void begin(int gc, long record) {
        startGc = gc;
        snapshotRecord = record;
        units = 0;
    }

    /** {@code loggedEntries}: the SATB entries of the marking epoch (old referents); {@code loggedObjects}: objects logged. */
    void end(long record, long loggedEntries, long loggedObjects) {
        finalMarkRecord = record;
        logged = loggedEntries;
        slowPaths = loggedObjects;
        marked.set(0);
        allocated = 0;
        diedYoung = 0;
        ended = true;
    }

    /** One unit of concurrent work handed out. */
    void unitHandedOut() {
        units++;
    }

    /** Trace bytes of objects the snapshot trace marked (a final-satb pause's packets, concurrently). */
    void marked(long bytes) {
        marked.addAndGet(bytes);
    }

    /** Trace bytes of the objects allocated during the snapshot trace, and of those among them that died young. */
    void allocatedDuringMarking(long bytes, long diedYoungBytes) {
        allocated = bytes;
        diedYoung = diedYoungBytes;
    }

    /** Whether a cycle ended since its metrics were last reported. */
    boolean ended() {
        return ended;
    }

    /**
     * Reports the ended cycle once: {@code markedBytes} is what the snapshot trace marked plus everything
     * allocated during it; with {@code reachable} and {@code heapObjectBytes} measured now (-1 when not
     * measured), {@code floatingGarbageBytes} is that minus what is reachable, and
     * {@code floatingGarbageRetainedBytes} the part of it the pause did not free.
     */
    void putStats(Map<String, Long> stats, long reachable, long heapObjectBytes) {
        ended = false;
        long markedBytes = marked.get() + diedYoung;
        boolean measured = reachable >= 0;
        stats.put("cycleStartGc", (long) startGc);
        stats.put("snapshotRecord", snapshotRecord);
        stats.put("finalMarkRecord", finalMarkRecord);
        stats.put("markedBytes", markedBytes);
        stats.put("allocatedDuringMarkingBytes", allocated);
        stats.put("floatingGarbageBytes", measured ? markedBytes - reachable : -1);
        stats.put("floatingGarbageRetainedBytes", measured ? heapObjectBytes - reachable : -1);
        stats.put("satbEntriesLogged", logged);
        stats.put("barrierSlowPaths", slowPaths);
        stats.put("concurrentUnits", units);
    }
}
