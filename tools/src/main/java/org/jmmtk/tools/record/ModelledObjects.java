package org.jmmtk.tools.record;

import java.util.function.IntSupplier;
import org.jmmtk.bindings.trace.TraceEvents;

/**
 * The objects a recorded trace models instead of recording them (docs/recording.md): the JVM's start-up
 * heap and the {@code java.lang.invoke} structures a plain JVM keeps from its first link. Bytes held for
 * the whole run become a tree of pieces of at most {@link #PIECE} bytes, level by level in
 * {@link StartupHeapShape}'s shares, the first level's pieces each held by a global root of its own and
 * each later level's spread over the pieces of the level above, so that a young collection's Cheney scan
 * meets them level by level among the program's own objects, as HotSpot's meets the JVM's; dead bytes
 * become pieces nothing refers to. Ids follow the recording's own. Used by {@link RecordedTrace}'s replay,
 * on its thread.
 */
final class ModelledObjects {
    /** The largest piece: small enough to be an ordinary (not a large) object in every plan. */
    static final long PIECE = 4096;

    private final TraceEvents out;
    private final IntSupplier globalSlots;
    private long lastId;

    /** Objects after id {@code lastId}, held by the global root slots {@code globalSlots} hands out. */
    ModelledObjects(TraceEvents out, long lastId, IntSupplier globalSlots) {
        this.out = out;
        this.lastId = lastId;
        this.globalSlots = globalSlots;
    }

    /** {@code bytes} held from here to the end, allocated by {@code thread} as objects of {@code type}; how many. */
    int held(int thread, long bytes, int type) {
        int objects = 0;
        long[] levels = StartupHeapShape.levelBytes(bytes);
        long parentsFrom = 0;
        int parents = 0;
        for (int level = 0; level < levels.length; level++) {
            int pieces = pieces(levels[level]);
            int children = level + 1 < levels.length ? pieces(levels[level + 1]) : 0;
            int slots = (children + pieces - 1) / pieces;
            long words = levels[level] / 8; // the level's bytes exactly: some pieces a word larger
            long from = lastId + 1;
            for (int i = 0; i < pieces; i++) {
                long size = 8 * (words / pieces + (i < words % pieces ? 1 : 0));
                out.alloc(thread, ++lastId, Math.max(16 + 8L * slots, size), slots, type);
                if (parents == 0) {
                    out.global(globalSlots.getAsInt(), lastId);
                } else {
                    out.write(thread, parentsFrom + i % parents, i / parents, lastId);
                }
                objects++;
            }
            parentsFrom = from;
            parents = pieces;
        }
        return objects;
    }

    /** {@code bytes} that die at once, allocated by {@code thread} as objects of {@code type}; how many. */
    int dead(int thread, long bytes, int type) {
        int objects = 0;
        for (long left = bytes; left > 0; left -= PIECE) {
            out.alloc(thread, ++lastId, Math.max(16, (Math.min(left, PIECE) + 7) & ~7L), 0, type);
            objects++;
        }
        return objects;
    }

    private static int pieces(long bytes) {
        return (int) ((bytes + PIECE - 1) / PIECE);
    }
}
