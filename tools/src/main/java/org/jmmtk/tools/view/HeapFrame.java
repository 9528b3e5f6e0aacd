package org.jmmtk.tools.view;

import java.util.List;
import java.util.Map;

/**
 * One sample of the heap as the view shows it: the run's counters, whether and why the simulation is
 * paused, and every space's tiles with their streams. Immutable once built (its arrays are not changed
 * after publication), so HTTP threads read it without locks while the simulation goes on.
 *
 * @param seq         increases with every frame
 * @param status      "running", "paused" or "finished"
 * @param event       where it was sampled: "start", "allocations", "gc-start", "gc-end", "end", "resample"
 * @param events      heap events so far (allocations, pointer stores, root stores): time travel's clock
 * @param backtrace   the heap events before the pause, oldest first, if a backtrace trigger fired
 * @param plugins     the other plugins of the run and their summaries at this frame
 */
public record HeapFrame(long seq, String status, String reason, String event, int gcCount, long events,
                        long allocations, long bytesAllocated,
                        long heapBytes, List<SpaceFrame> spaces, List<String> backtrace, List<PluginPanel> plugins) {

    /** What another enabled plugin reports now (its summary), shown in a panel of its own. */
    public record PluginPanel(String name, Map<String, Number> summary) {
    }

    /** The stream names, in the order of {@link SpaceFrame#streams()}. */
    public static final List<String> STREAMS = List.of("usedBytes", "liveBytes", "freeBytes", "objects",
            "newObjects", "meanAge", "fragmentation", "freeChunks", "largestFreeChunk");
    static final int USED = 0;
    static final int LIVE = 1;
    static final int FREE = 2;
    static final int OBJECTS = 3;
    static final int NEW = 4;
    static final int AGE = 5;
    static final int FRAGMENTATION = 6;
    static final int CHUNKS = 7;
    static final int LARGEST_FREE = 8;

    /**
     * How many tiles, over every space sampled, hold more than {@code chunks} free chunks of which the
     * largest is at most {@code largest} bytes (GCspy's fragmentation trigger, the region being a tile).
     */
    public long fragmentedTiles(long chunks, long largest) {
        long n = 0;
        for (SpaceFrame s : spaces) {
            long[][] v = s.streams();
            for (int t = 0; t < s.tileCount(); t++) {
                if (v[CHUNKS][t] > chunks && v[LARGEST_FREE][t] <= largest) {
                    n++;
                }
            }
        }
        return n;
    }

    public SpaceFrame space(String name) {
        for (SpaceFrame s : spaces) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    /**
     * One space: its tiles over {@code [start, extentEnd)} and its summary.
     *
     * @param group         the space's group (its plan's layout: the spaces of one policy kind)
     * @param reservedBytes the pages it holds against the heap budget, in bytes
     * @param collapsed     collapsed in the page: its tiles are not sampled (streams empty)
     * @param zoomed        only a zoomed range {@code [start, extentEnd)} of the space is tiled
     * @param ranges        its first free chunks as start and end addresses in turn (GCspy's ranges)
     * @param rangeCount    how many free chunks it has in all
     * @param streams       per stream (see {@link #STREAMS}), one value per tile; fragmentation in
     *                      per mille, mean age in bytes allocated
     */
    public record SpaceFrame(String name, String group, long start, long extentEnd, long tileBytes,
                             long reservedBytes, boolean collapsed, boolean zoomed, long[][] streams,
                             long[] ranges, long rangeCount) {
        public int tileCount() {
            return streams[USED].length;
        }

        public long total(int stream) {
            long sum = 0;
            for (long v : streams[stream]) {
                sum += v;
            }
            return sum;
        }

        /** Whether the tiles cover the same memory as {@code other}'s (so a diff is meaningful). */
        boolean sameLayout(SpaceFrame other) {
            return other != null && other.start == start && other.tileBytes == tileBytes
                    && other.tileCount() == tileCount() && other.collapsed == collapsed;
        }

        boolean tileChanged(SpaceFrame other, int tile) {
            for (int s = 0; s < streams.length; s++) {
                if (streams[s][tile] != other.streams[s][tile]) {
                    return true;
                }
            }
            return false;
        }
    }
}
