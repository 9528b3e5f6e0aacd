package org.jmmtk.tools.view;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.Space;

/**
 * Cuts every space into tiles and fills the streams (GCspy's drivers, one generic one): each space
 * shows its objects and free memory through its generic heap walks ({@link SpaceTiles#fill}), whatever
 * its policy, so a plan added later is shown without change here. On top of what the space says it adds the streams
 * only the view knows: live bytes (the objects reachable at the end of the last collection, found by
 * its own walk from the roots), objects allocated since the last collection and their mean age (from
 * the allocation clock it records per object id).
 *
 * <p>Used only by the simulation thread, while the heap does not change.
 */
final class TileSampler {
    /** More tiles than this in one space and the tile size doubles for that space, to keep the page fast. */
    static final int MAX_TILES = 16384;

    private final List<Space> spaces;
    private final SimulatedMemory memory;
    private final Long2LongOpenHashMap allocatedAt = new Long2LongOpenHashMap();
    private LongOpenHashSet live = new LongOpenHashSet();
    private long lastGcClock;

    TileSampler(List<Space> spaces, SimulatedMemory memory) {
        this.spaces = List.copyOf(spaces);
        this.memory = memory;
        allocatedAt.defaultReturnValue(-1);
    }

    List<Space> spaces() {
        return spaces;
    }

    /** Whether {@code object} was reachable at the end of the last collection. */
    boolean isLive(long object) {
        return live.contains(object);
    }

    /** When {@code object} was allocated (bytes allocated then), -1 if not known. */
    long allocatedAt(long object) {
        return allocatedAt.get(ObjectModel.id(memory, object));
    }

    /** The space holding {@code address}, or null. */
    Space spaceOf(long address) {
        for (Space s : spaces) {
            if (s.contains(address)) {
                return s;
            }
        }
        return null;
    }

    /** An object was allocated at {@code clock} (bytes allocated so far). */
    void allocated(long object, long clock) {
        allocatedAt.put(ObjectModel.id(memory, object), clock);
    }

    /**
     * The end of a collection: the objects reachable from {@code roots} (every root's target, non-null)
     * are the live ones until the next; the allocation clocks of the others are forgotten.
     */
    void collected(LongArrayList roots, long clock) {
        LongOpenHashSet reached = new LongOpenHashSet();
        LongArrayList stack = new LongArrayList();
        for (int i = 0; i < roots.size(); i++) {
            long r = roots.getLong(i);
            if (reached.add(r)) {
                stack.add(r);
            }
        }
        Long2LongOpenHashMap kept = new Long2LongOpenHashMap(reached.size());
        while (!stack.isEmpty()) {
            long o = stack.popLong();
            long id = ObjectModel.id(memory, o);
            long at = allocatedAt.get(id);
            if (at >= 0) {
                kept.put(id, at);
            }
            for (int s = 0, n = ObjectModel.refSlots(memory, o); s < n; s++) {
                long t = memory.load(ObjectModel.slotAddress(o, s));
                if (t != 0 && reached.add(t)) {
                    stack.add(t);
                }
            }
        }
        allocatedAt.clear();
        allocatedAt.putAll(kept);
        live = reached;
        lastGcClock = clock;
    }

    /**
     * Samples every space with tiles of {@code tileBytes}; collapsed spaces get their summary only; a
     * zoomed space ({@code zoom}: name to {start, end, tile bytes}) only its zoomed range, in its tiles.
     */
    List<HeapFrame.SpaceFrame> sample(long tileBytes, Set<String> collapsed, Map<String, long[]> zoom, long clock,
                                      long pageBytes) {
        List<HeapFrame.SpaceFrame> frames = new ArrayList<>(spaces.size());
        for (Space space : spaces) {
            long end = Math.max(space.start(), space.extentEnd());
            long reserved = space.reservedPages() * pageBytes;
            String group = group(space);
            if (collapsed.contains(space.name())) {
                frames.add(new HeapFrame.SpaceFrame(space.name(), group, space.start(), end, tileBytes, reserved,
                        true, false, new long[HeapFrame.STREAMS.size()][0], new long[0], 0));
                continue;
            }
            long[] z = zoom.get(space.name());
            long start = z == null ? space.start() : Math.max(space.start(), z[0]);
            end = z == null ? end : Math.max(start, Math.min(end, z[1]));
            long tile = z == null ? tileBytes : z[2];
            while ((end - start) / tile > MAX_TILES) {
                tile *= 2;
            }
            Tiles tiles = new Tiles(start, end, tile, clock);
            tiles.fill(space, memory);
            frames.add(new HeapFrame.SpaceFrame(space.name(), group, start, end, tile, reserved, false, z != null,
                    tiles.streams(), tiles.ranges(), tiles.rangeCount()));
        }
        return frames;
    }

    /** The group a space is shown in: its policy (the spaces of a generational plan split by kind). */
    static String group(Space space) {
        String kind = space.getClass().getSimpleName();
        return kind.endsWith("Space") && kind.length() > "Space".length()
                ? kind.substring(0, kind.length() - "Space".length()) : kind;
    }

    /** The space's tiles plus the view's own streams, filled object by object. */
    private final class Tiles extends SpaceTiles {
        private final long clock;
        private final long[] live;
        private final long[] fresh;
        private final long[] ageSum;
        private final long[] aged;

        Tiles(long start, long end, long tileBytes, long clock) {
            super(start, end, tileBytes);
            this.clock = clock;
            this.live = new long[count()];
            this.fresh = new long[count()];
            this.ageSum = new long[count()];
            this.aged = new long[count()];
        }

        @Override
        protected void onObject(long address, long bytes, int tile) {
            if (TileSampler.this.live.contains(address)) {
                spreadBytes(live, address, bytes);
            }
            long at = allocatedAt.get(ObjectModel.id(memory, address));
            if (at >= 0) {
                ageSum[tile] += clock - at;
                aged[tile]++;
                if (at > lastGcClock) {
                    fresh[tile]++;
                }
            }
        }

        long[][] streams() {
            int n = count();
            long[][] s = new long[HeapFrame.STREAMS.size()][n];
            for (int t = 0; t < n; t++) {
                s[HeapFrame.USED][t] = usedBytes(t);
                s[HeapFrame.LIVE][t] = live[t];
                s[HeapFrame.FREE][t] = freeBytes(t);
                s[HeapFrame.OBJECTS][t] = objects(t);
                s[HeapFrame.NEW][t] = fresh[t];
                s[HeapFrame.AGE][t] = aged[t] == 0 ? 0 : ageSum[t] / aged[t];
                long free = freeBytes(t);
                s[HeapFrame.FRAGMENTATION][t] = free == 0 ? 0 : 1000 - 1000 * largestFreeChunk(t) / free;
                s[HeapFrame.CHUNKS][t] = freeChunks(t);
                s[HeapFrame.LARGEST_FREE][t] = largestFreeChunk(t);
            }
            return s;
        }
    }
}
