package org.jmmtk.tools.view;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.Space;

/**
 * One space cut into tiles of {@code tileBytes} (GCspy's blocking factor), filled by {@link #fill} from
 * the space's generic heap walks ({@link Space#walkObjects}, {@link Space#walkFreeRanges}) with what
 * every policy can say: the objects it holds (their bytes are split exactly among the tiles they
 * overlap, so the tiles sum to the space) and the free memory it can hand out again inside its extent (free cells, free lines, free pages between large objects). Adjacent
 * free memory reported in address order merges into one chunk, per tile, which gives each tile its
 * fragmentation (how many free chunks, the largest one); the chunks themselves are kept as address
 * ranges (GCspy's view of a free list: its tiles map to the memory they describe).
 *
 * <p>A heap view subclasses it to see each object ({@link #onObject}) and add its own streams. One
 * thread fills it, while the heap does not change (mutators stopped, or on the mutator's own thread).
 */
class SpaceTiles {
    /** Free chunks kept as ranges (the first ones in address order); more are only counted. */
    public static final int MAX_RANGES = 1024;

    private final long start;
    private final long end;
    private final long tileBytes;
    private final long[] used;
    private final long[] objects;
    private final long[] free;
    private final long[] freeChunks;
    private final long[] largestFree;
    private long runStart = -1;
    private long runEnd = -1;
    private final LongArrayList ranges = new LongArrayList();
    private long rangeCount;

    /** Tiles over {@code [start, end)}, each {@code tileBytes} long (the last one may be shorter). */
    public SpaceTiles(long start, long end, long tileBytes) {
        if (tileBytes <= 0 || end < start) {
            throw new IllegalArgumentException("tiles of " + tileBytes + " bytes over [" + start + ", " + end + ")");
        }
        long n = (end - start + tileBytes - 1) / tileBytes;
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(n + " tiles are too many: use larger tiles");
        }
        this.start = start;
        this.end = end;
        this.tileBytes = tileBytes;
        int count = (int) n;
        this.used = new long[count];
        this.objects = new long[count];
        this.free = new long[count];
        this.freeChunks = new long[count];
        this.largestFree = new long[count];
    }

    public final long start() {
        return start;
    }

    public final long end() {
        return end;
    }

    public final long tileBytes() {
        return tileBytes;
    }

    public final int count() {
        return used.length;
    }

    /** The tile holding {@code address} (which must lie in {@code [start, end)}). */
    public final int tileOf(long address) {
        return (int) ((address - start) / tileBytes);
    }

    /** An object of {@code bytes} at {@code address}: counted in its first tile, its bytes in every tile it overlaps. */
    public final void object(long address, long bytes) {
        if (address < start || address >= end) {
            return;
        }
        int first = tileOf(address);
        objects[first]++;
        spread(used, address, Math.min(end, address + bytes), null, null);
        onObject(address, bytes, first);
    }

    /** Fills the tiles from {@code space}'s walks: its objects, then its free memory; then {@link #finish}. */
    public final void fill(Space space, SimulatedMemory memory) {
        space.walkObjects(start, end, o -> object(o, ObjectModel.size(memory, o)));
        space.walkFreeRanges(start, end, this::free);
        finish();
    }

    /** Free memory the space can hand out again; calls in address order merge adjacent memory into one chunk. */
    public final void free(long address, long bytes) {
        long s = Math.max(address, start);
        long e = Math.min(address + bytes, end);
        if (s >= e) {
            return;
        }
        if (s == runEnd) {
            runEnd = e;
            return;
        }
        closeRun();
        runStart = s;
        runEnd = e;
    }

    /** Ends the last free chunk; call once after the last {@link #free}. */
    public final void finish() {
        closeRun();
    }

    private void closeRun() {
        if (runStart >= 0) {
            spread(free, runStart, runEnd, freeChunks, largestFree);
            if (rangeCount++ < MAX_RANGES) {
                ranges.add(runStart);
                ranges.add(runEnd);
            }
        }
        runStart = -1;
        runEnd = -1;
    }

    /** Adds {@code [s, e)} tile by tile to {@code bytes}; counts each tile's part as a chunk if asked. */
    private void spread(long[] bytes, long s, long e, long[] chunks, long[] largest) {
        for (long a = s; a < e; ) {
            int t = tileOf(a);
            long tileEnd = Math.min(e, start + (t + 1) * tileBytes);
            long part = tileEnd - a;
            bytes[t] += part;
            if (chunks != null) {
                chunks[t]++;
                largest[t] = Math.max(largest[t], part);
            }
            a = tileEnd;
        }
    }

    /** Adds {@code [address, address + bytes)} to {@code into} tile by tile: a subclass's own byte stream. */
    protected final void spreadBytes(long[] into, long address, long bytes) {
        spread(into, Math.max(start, address), Math.min(end, address + bytes), null, null);
    }

    /** Called for each object after it was counted, with its first tile; nothing by default. */
    protected void onObject(long address, long bytes, int tile) {
    }

    public final long usedBytes(int tile) {
        return used[tile];
    }

    public final long objects(int tile) {
        return objects[tile];
    }

    public final long freeBytes(int tile) {
        return free[tile];
    }

    public final long freeChunks(int tile) {
        return freeChunks[tile];
    }

    public final long largestFreeChunk(int tile) {
        return largestFree[tile];
    }

    /** How many free chunks the space reported (merged runs of free memory, across tiles). */
    public final long rangeCount() {
        return rangeCount;
    }

    /** The first {@link #MAX_RANGES} free chunks, as start and end addresses in turn. */
    public final long[] ranges() {
        return ranges.toLongArray();
    }

    /** The sum of the tiles' used bytes: the bytes of the space's objects. */
    public final long totalUsedBytes() {
        long sum = 0;
        for (long u : used) {
            sum += u;
        }
        return sum;
    }
}
