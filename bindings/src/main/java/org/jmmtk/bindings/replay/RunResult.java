package org.jmmtk.bindings.replay;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.collection.Statistics;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.core.stats.MutatorUtilization;
import org.jmmtk.core.stats.PausePercentiles;
import org.jmmtk.core.stats.RunStats;

/**
 * The metrics of one run of a plan on a trace or workload. Byte counts of objects are trace bytes;
 * the program's collections exclude the final one that measures what is still reachable. Field names
 * are those of {@code run --json} (see {@code docs/metrics.md}).
 *
 * @param geometry         the heap's page, block, line and buffer sizes
 * @param finalLiveObjects null when the run ran out of memory
 * @param finalLiveBytes   null when the run ran out of memory
 * @param pausePercentiles pause-time percentiles, never above {@code pauseMaxNanos}
 *                         (see {@link RunStats#pausePercentileNanos})
 * @param spaceTime        heap bytes in use integrated over bytes allocated (byte-bytes)
 * @param outOfMemory      the out-of-memory report, or null if the run completed
 * @param plugins          each enabled plugin's summary, by plugin name, in the order they were enabled
 * @param wallNanos        the replay's wall time: the end of the run's clock, on which collections are timed
 * @param medianObjectBytes the median allocation size (simulated bytes) of the objects allocated, by
 *                          which {@link #fragmentationBytes} is measured
 * @param parallel         the waits of a replay on several mutator threads, or null for one thread
 * @param spaceSizes       the sizes of the plan's own fixed spaces ({@code Plan.spaceSizes}: a
 *                         generational plan's eden, survivor spaces and old generation), in report order
 * @param collectionKinds  the labels of the kinds of collection the plan runs ({@code Plan.collectionKinds}),
 *                         in report order
 * @param metadata         the bytes of each side table at the end of the run, in allocation order
 */
public record RunResult(String plan, String source, long heapBytes, HeapGeometry geometry, int threads,
                        int packetCapacity, int gcCount,
                        long objectsAllocated, long bytesAllocated, long bytesCopied, long bytesMarked,
                        long edgesTraced, long barrierStores, Long finalLiveObjects, Long finalLiveBytes,
                        long pauseTotalNanos, long pauseMaxNanos, PausePercentiles pausePercentiles,
                        long closureTotalNanos, double spaceTime, String outOfMemory, List<GcRecord> collections,
                        Map<String, Map<String, Number>> plugins, long wallNanos, long medianObjectBytes,
                        ParallelStats parallel, Map<String, Long> spaceSizes, List<String> collectionKinds,
                        List<SideMetadataRegistry.Usage> metadata) {

    static RunResult of(String plan, String source, MMTK mmtk, ReplayBinding.LiveSet live, String outOfMemory,
                        long wallNanos, ParallelStats parallel) {
        Statistics stats = mmtk.statistics();
        RunStats s = stats.runStats();
        Map<String, Map<String, Number>> plugins = new LinkedHashMap<>();
        // the spaces as the run left them count towards the lazily mapped tables' peaks too
        mmtk.plan().notePeakPages();
        for (Plugin p : mmtk.plugins().plugins()) {
            plugins.put(p.name(), p.summary());
        }
        return new RunResult(plan, source, mmtk.options().heapBytes(), mmtk.geometry(), mmtk.options().threads(),
                mmtk.options().packetCapacity(), s.gcCount(), stats.objectsAllocated(), stats.bytesAllocated(),
                s.bytesCopied(), s.bytesMarked(), s.edgesTraced(), stats.barrierStores(),
                live == null ? null : live.objects(), live == null ? null : live.bytes(),
                s.pauseTotalNanos(), s.pauseMaxNanos(), s.pausePercentiles(),
                s.closureTotalNanos(), s.spaceTime(), outOfMemory, s.collections(), plugins, wallNanos,
                stats.medianObjectBytes(), parallel, mmtk.plan().spaceSizes(),
                mmtk.plan().collectionKinds().stream().map(k -> k.label).toList(),
                mmtk.metadata().usage());
    }

    /** Bytes of all side metadata at the end of the run. */
    public long metadataBytes() {
        long n = 0;
        for (SideMetadataRegistry.Usage u : metadata) {
            n += u.bytes();
        }
        return n;
    }

    /**
     * The free bytes collection {@code c} left that an object of the run's median allocation size could
     * not use (free cells of other size classes, holes smaller than it); 0 for compacting and copying plans.
     */
    public long fragmentationBytes(GcRecord c) {
        return c.freeSpace().unusableBy(medianObjectBytes);
    }

    /** Bytes copied or marked per byte allocated (the Merlin paper's mark/cons ratio). */
    public double markCons() {
        return bytesAllocated == 0 ? 0 : (double) (bytesCopied + bytesMarked) / bytesAllocated;
    }

    /**
     * Trace bytes the program's collections promoted out of a nursery: the sum of the collections'
     * {@code bytesPromoted} plan counter; 0 for plans without a nursery.
     */
    public long bytesPromoted() {
        long n = 0;
        for (GcRecord c : collections) {
            n += c.planStats().getOrDefault("bytesPromoted", 0L);
        }
        return n;
    }

    /**
     * The sum of the collections' plan counter {@code name} (e.g. {@code weakRefsCleared}), or null if
     * no collection reported it.
     */
    public Long planStatTotal(String name) {
        long n = 0;
        boolean seen = false;
        for (GcRecord c : collections) {
            Long v = c.planStats().get(name);
            if (v != null) {
                n += v;
                seen = true;
            }
        }
        return seen ? n : null;
    }

    /** The number of the program's collections of {@code kind}. */
    public int gcCount(CollectionKind kind) {
        return gcCount(kind.label);
    }

    /** The number of the program's collections whose kind is labelled {@code label}. */
    public int gcCount(String label) {
        int n = 0;
        for (GcRecord c : collections) {
            if (c.kind().equals(label)) {
                n++;
            }
        }
        return n;
    }

    /**
     * The number of the program's collections of each kind, by label: the plan's kinds in its order,
     * zeros included, then any other label a collection had, in order of first appearance.
     */
    public Map<String, Integer> gcCountByKind() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String label : collectionKinds) {
            counts.put(label, 0);
        }
        for (GcRecord c : collections) {
            counts.merge(c.kind(), 1, Integer::sum);
        }
        return counts;
    }

    /** Mutator utilisation over the replay, from the pauses of the program's collections. */
    public MutatorUtilization mutatorUtilization() {
        return MutatorUtilization.of(collections, wallNanos);
    }

    public boolean isOutOfMemory() {
        return outOfMemory != null;
    }
}
