package org.jmmtk.core.policy;

import org.jmmtk.core.heap.MonotonePageResource;
import org.jmmtk.core.heap.PageResource;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.util.Constants;

/**
 * A bump-allocated space collected by Lisp-2 sliding compaction (mmtk-core's {@code MarkCompactSpace}):
 * objects are marked in place in the closure; then, in address order, each live object gets the next
 * free address from the bottom of the space ({@link #calculateForwarding}); every reference to the
 * space is redirected ({@link #forward}); and the objects slide down to their new addresses
 * ({@link #compact}), leaving the survivors contiguous from the start of the space and no hole.
 *
 * <p>The status word cannot hold the forwarding address (a forwarding pointer would replace the size
 * and reference-slot count that the later phases still read), so the new addresses live in side
 * metadata owned by the space: an {@code int[]} indexed by the granule of the old address, holding the
 * granule of the new one. Objects are walked in address order through the valid-object bits, which
 * are set at every object start; dead objects are reported as freed and lose their bit while their
 * headers are still intact, moved objects' bits move with them.
 *
 * <p>Budget accounting: mutators are charged whole pages; after a compaction the space holds exactly
 * the pages up to the end of the survivors, which depends only on the live set, never on how many GC
 * threads ran.
 *
 * <p>Threads: mutators acquire pages; GC workers mark in parallel; the forwarding computation runs in
 * two parallel passes over address-ordered regions with a sequential prefix sum between them (as
 * parallel sliding compactors do); {@link #updateReferences} runs in parallel packets
 * over disjoint ranges of the live objects; {@link #compact} runs in one packet.
 */
public final class MarkCompactSpace extends Space implements ForwardingSpace {
    /** A forwarding region is this many allocation buffers (an eighth of a small heap, 512 KiB at most). */
    public static final int REGION_BUFFERS = 16;

    private final MonotonePageResource pages;
    // Written by the CalculateForwarding packet, read by later stages: the scheduler's bucket opening orders them.
    private final long regionBytes;
    // the tables below grow with the space's used extent; the registry counts each array as it is replaced
    private final SideMetadataRegistry.Table forwardingTable;
    private final SideMetadataRegistry.Table regionLiveBytesTable;
    private final SideMetadataRegistry.Table regionLiveObjectsTable;
    private final SideMetadataRegistry.Table regionTargetTable;
    private final SideMetadataRegistry.Table regionFirstTable;
    private int[] forwarding = new int[0];
    // the survivors in address order, their new addresses, and the slide
    private final SlidingCompaction slide;
    private long compactedEnd;
    private long scanLimit;
    private long densePrefixEnd;
    private int regions;
    private long[] regionLiveBytes = new long[0];
    private int[] regionLiveObjects = new int[0];
    private long[] regionTarget = new long[0];
    private int[] regionFirst = new int[0];

    public MarkCompactSpace(String name, long bytes, HeapServices heap) {
        super(name, bytes, heap);
        this.pages = new MonotonePageResource(memory, geometry, region);
        this.regionBytes = REGION_BUFFERS * (long) geometry.bufferBytes();
        SideMetadataRegistry metadata = heap.metadata();
        this.forwardingTable = metadata.table(SideMetadataSpec.perGranule("mc-forwarding", false, 32), name);
        this.slide = new SlidingCompaction(memory, validObjects);
        this.regionLiveBytesTable = metadata.table(regionSpec("mc-region-live-bytes", 64), name);
        this.regionLiveObjectsTable = metadata.table(regionSpec("mc-region-live-objects", 32), name);
        this.regionTargetTable = metadata.table(regionSpec("mc-region-target", 64), name);
        this.regionFirstTable = metadata.table(regionSpec("mc-region-first", 32), name);
    }

    private SideMetadataSpec regionSpec(String spec, int bits) {
        return SideMetadataSpec.local(spec, "region", regionBytes, bits);
    }

    @Override
    public long extentEnd() {
        return pages.highWater();
    }

    @Override
    protected PageResource pageResource() {
        return pages;
    }

    @Override
    protected long acquirePages(int n, boolean forGC) {
        return pages.acquire(n);
    }

    @Override
    public long traceObject(long object, TraceLocal context) {
        return markObject(object, context);
    }

    private int granule(long address) {
        return (int) ((address - start) >>> 3);
    }

    /**
     * Computes the new address of every marked object, in address order, sliding each down to the end
     * of the previous one; frees the unmarked ones (reported with their headers intact, valid-object
     * bits cleared) and records the live objects in address order. All regions on this thread: the
     * sequential form of {@link #prepareForwarding}, {@link #countLive}, {@link #sumRegions} and
     * {@link #assignForwarding}.
     */
    public void calculateForwarding() {
        calculateForwarding(start);
    }

    /**
     * As {@link #calculateForwarding()}, but the objects below {@code densePrefixEnd} stay where they
     * are (a dense prefix: HotSpot's serial full collection leaves some dead space at the bottom of the
     * old generation instead of compacting it, {@code MarkSweepDeadRatio}); its dead objects are freed
     * and their room stays unused until a compaction without the prefix. The survivors above it slide
     * down to {@code densePrefixEnd}.
     */
    public void calculateForwarding(long densePrefixEnd) {
        int n = prepareForwarding(densePrefixEnd);
        for (int r = 0; r < n; r++) {
            countLive(r);
        }
        sumRegions();
        for (int r = 0; r < n; r++) {
            assignForwarding(r);
        }
    }

    /**
     * Starts a forwarding computation: splits the allocated part of the space into address-ordered
     * regions (of a size fixed by the heap geometry, so never by the GC thread count) and returns how
     * many. Then {@link #countLive} may run for all regions in parallel, then {@link #sumRegions} once,
     * then {@link #assignForwarding} for all regions in parallel.
     */
    public int prepareForwarding() {
        return prepareForwarding(start);
    }

    private int prepareForwarding(long densePrefixEnd) {
        scanLimit = pages.cursor();
        if (densePrefixEnd < start || densePrefixEnd > scanLimit) {
            throw new IllegalArgumentException("dense prefix end " + densePrefixEnd + " outside " + name);
        }
        this.densePrefixEnd = densePrefixEnd;
        long granules = (scanLimit - start) >>> 3;
        if (granules > Integer.MAX_VALUE) {
            throw new IllegalStateException("mark-compact space " + name + " too large for its forwarding table");
        }
        if (forwarding.length < granules) {
            forwarding = forwardingTable.newInts((int) granules);
        }
        regions = (int) ((scanLimit - start + regionBytes - 1) / regionBytes);
        if (regionLiveBytes.length < regions) {
            regionLiveBytes = regionLiveBytesTable.newLongs(regions);
            regionLiveObjects = regionLiveObjectsTable.newInts(regions);
            regionTarget = regionTargetTable.newLongs(regions);
            regionFirst = regionFirstTable.newInts(regions);
        }
        slide.clear();
        return regions;
    }

    private long regionStart(int r) {
        return start + r * regionBytes;
    }

    private long regionEnd(int r) {
        return Math.min(scanLimit, regionStart(r) + regionBytes);
    }

    /**
     * First pass over region {@code r} (the objects that start in it): adds up its live objects and
     * their bytes, and frees its dead objects. Regions are disjoint, so this runs in parallel.
     */
    public void countLive(int r) {
        long end = regionEnd(r);
        long bytes = 0;
        int objects = 0;
        for (long o = validObjects.next(regionStart(r), end); o >= 0; o = validObjects.next(o + 8, end)) {
            long status = memory.load(o + ObjectModel.STATUS_OFFSET);
            if ((status & ObjectModel.MARK_BIT) != 0) {
                if (o >= densePrefixEnd) {
                    bytes += ObjectModel.sizeOfStatus(status);
                }
                objects++;
            } else {
                free(o);
            }
        }
        regionLiveBytes[r] = bytes;
        regionLiveObjects[r] = objects;
    }

    /**
     * Between the passes, once: where each region's survivors go (those of the dense prefix stay), and
     * where they are in the live list.
     */
    public void sumRegions() {
        long to = densePrefixEnd;
        int index = 0;
        for (int r = 0; r < regions; r++) {
            regionTarget[r] = to;
            regionFirst[r] = index;
            to += regionLiveBytes[r];
            index += regionLiveObjects[r];
        }
        compactedEnd = to;
        slide.expect(index);
    }

    /** The number of regions of the forwarding computation in progress. */
    public int regions() {
        return regions;
    }

    /**
     * Second pass over region {@code r}: gives each of its live objects (the only objects left with a
     * valid-object bit) its new address, in address order from the region's target, and enters it in
     * the live list. Runs in parallel.
     */
    public void assignForwarding(int r) {
        long end = regionEnd(r);
        long to = regionTarget[r];
        int index = regionFirst[r];
        for (long o = validObjects.next(regionStart(r), end); o >= 0; o = validObjects.next(o + 8, end)) {
            if (o < densePrefixEnd) {
                forwarding[granule(o)] = granule(o);
                slide.set(index++, o, o);
                continue;
            }
            forwarding[granule(o)] = granule(to);
            slide.set(index++, o, to);
            to += ObjectModel.size(memory, o);
        }
    }

    /** Number of live objects found by {@link #calculateForwarding}. */
    public int liveCount() {
        return slide.count();
    }

    /** The new address of a live object of this space (valid from forwarding until the compaction). */
    public long forward(long object) {
        return start + ((long) forwarding[granule(object)] << 3);
    }

    /**
     * Redirects every reference slot of every marked object in the range of this space's live objects
     * {@code [from, to)} (indices in address order) that points into this space.
     */
    public void updateReferences(int from, int to) {
        slide.updateReferences(from, to, this);
    }

    @Override
    public void updateSlot(long slot) {
        long target = memory.load(slot);
        if (target != 0 && contains(target)) {
            memory.store(slot, forward(target));
        }
    }

    /**
     * Slides the live objects of {@code [from, to)} (indices in address order) down to their new
     * addresses, clearing their marks; each move clears the old valid-object bit before setting the
     * new one and is reported through {@code context}. Must run in address order: an object's new
     * place may overlap the old places of the objects before it, which have already moved.
     */
    public void compact(int from, int to, TraceLocal context) {
        slide.slide(from, to, context, true, null);
    }

    /**
     * Room for {@code bytes} right after the survivors of the compaction in progress (between the
     * forwarding computation and {@link #release}), for objects a plan moves in from other spaces after
     * the slide (a generational plan's full collection that empties its young generation into this
     * space): returns its address. The space keeps it at release; the caller fills it after
     * {@link #compact}, when the survivors no longer occupy it.
     */
    public long appendAfterSurvivors(long bytes) {
        long at = compactedEnd;
        compactedEnd += bytes;
        long cursor = pages.cursor();
        if (compactedEnd > cursor) {
            int more = (int) geometry.bytesToPages(compactedEnd - cursor);
            if (pages.acquire(more) == 0) {
                throw new IllegalStateException("mark-compact space " + name + " has no room for "
                        + bytes + " bytes after its survivors");
            }
        }
        return at;
    }

    /** After the compaction: the space keeps the pages up to the end of its survivors, the rest go back. */
    public void release() {
        pages.resetTo(Constants.alignUp(compactedEnd, geometry.pageBytes()));
        slide.clear();
    }

    /** One past the last byte of the survivors of the last compaction. */
    public long compactedEnd() {
        return compactedEnd;
    }

    @Override
    public String checkObject(long object) {
        return object < pages.cursor() ? null : "lies beyond the allocated part of " + name;
    }
}
