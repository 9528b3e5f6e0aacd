package org.jmmtk.core.analysis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The {@code events} plugin: counts every event the host delivers (allocations, pointer stores and how
 * many of them overwrote a reference, root stores, objects found by root scans, collections, moves and
 * frees). A cheap census of what a run did to the heap, and a check that the hooks fire: every plugin
 * sees the same counts. Mutator-side counts are plain fields (one mutator thread at a time); the GC
 * worker counts are {@link LongAdder}s.
 */
public final class EventCounts implements Plugin {
    private long allocs;
    private long pointerStores;
    private long overwrites;
    private long rootStores;
    private long gcs;
    private final LongAdder rootScans = new LongAdder();
    private final LongAdder moves = new LongAdder();
    private final LongAdder frees = new LongAdder();

    @Override
    public String name() {
        return "events";
    }

    @Override
    public int interests() {
        return ON_ALLOC | ON_POINTER_STORE | ON_ROOT_STORE | ON_ROOT_SCAN | ON_GC | ON_MOVE | ON_FREE;
    }

    @Override
    public void onAlloc(int mutator, long object) {
        allocs++;
    }

    @Override
    public void onPointerStore(int mutator, long source, int slot, long oldTarget, long newTarget) {
        pointerStores++;
        if (oldTarget != 0) {
            overwrites++;
        }
    }

    @Override
    public void onRootStore(int thread, int slot, long oldTarget, long newTarget) {
        rootStores++;
    }

    @Override
    public void onRootScan(long object) {
        rootScans.increment();
    }

    @Override
    public void onGcStart(int gc, String kind) {
        gcs++;
    }

    @Override
    public void onObjectMoved(long from, long to) {
        moves.increment();
    }

    @Override
    public void onObjectFreed(long object) {
        frees.increment();
    }

    @Override
    public Map<String, Number> summary() {
        Map<String, Number> m = new LinkedHashMap<>();
        m.put("allocations", allocs);
        m.put("pointerStores", pointerStores);
        m.put("referencesOverwritten", overwrites);
        m.put("rootStores", rootStores);
        m.put("rootsScanned", rootScans.sum());
        m.put("collections", gcs);
        m.put("objectsMoved", moves.sum());
        m.put("objectsFreed", frees.sum());
        return m;
    }
}
