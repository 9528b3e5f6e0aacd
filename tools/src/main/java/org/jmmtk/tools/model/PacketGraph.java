package org.jmmtk.tools.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The packets of one collection as a dependency graph: each packet has a type, the stage (bucket) it
 * was added to, how long it ran, the packet that spawned it (or none) and how far into its parent's
 * execution it was spawned. Packets are numbered so that a parent comes before its children (recording
 * order does that). Immutable once built; safe to share between threads.
 *
 * <p>A packet's <em>epoch</em> is the latest stage among it and its ancestors: a packet cannot run
 * before the bucket of any ancestor opened. A packet whose own stage is its epoch (and is not
 * Unconstrained) waits for its bucket to open, which the scheduler does only once every packet of an
 * earlier epoch has finished: the "bucket opened after" relation.
 */
public final class PacketGraph {
    private final String[] types;
    private final int[] stages;
    private final long[] durations;
    private final int[] parents;
    private final long[] spawnOffsets;
    private final int[] epochs;
    private final int[][] children;

    private PacketGraph(Builder b) {
        int n = b.types.size();
        types = b.types.toArray(String[]::new);
        stages = Arrays.copyOf(b.stages, n);
        durations = Arrays.copyOf(b.durations, n);
        parents = Arrays.copyOf(b.parents, n);
        spawnOffsets = Arrays.copyOf(b.spawnOffsets, n);
        epochs = new int[n];
        int[] childCount = new int[n];
        for (int i = 0; i < n; i++) {
            epochs[i] = parents[i] < 0 ? stages[i] : Math.max(stages[i], epochs[parents[i]]);
            if (parents[i] >= 0) {
                childCount[parents[i]]++;
            }
        }
        children = new int[n][];
        for (int i = 0; i < n; i++) {
            children[i] = new int[childCount[i]];
            childCount[i] = 0;
        }
        for (int i = 0; i < n; i++) {
            if (parents[i] >= 0) {
                children[parents[i]][childCount[parents[i]]++] = i;
            }
        }
    }

    public int size() {
        return types.length;
    }

    public String type(int i) {
        return types[i];
    }

    /** The stage ordinal ({@link org.jmmtk.scheduler.Stage}) the packet was added to. */
    public int stage(int i) {
        return stages[i];
    }

    public long duration(int i) {
        return durations[i];
    }

    /** The spawning packet's index, or -1. */
    public int parent(int i) {
        return parents[i];
    }

    /** The packets {@code i} spawned, in creation order (a shared array: do not modify). */
    int[] children(int i) {
        return children[i];
    }

    public int epoch(int i) {
        return epochs[i];
    }

    /**
     * Nanoseconds after its parent started that packet {@code i} was created; a packet recorded without that
     * time counts as created when its parent ended. 0 for a packet without parent.
     */
    public long spawnAt(int i) {
        int p = parents[i];
        if (p < 0) {
            return 0;
        }
        long offset = spawnOffsets[i];
        return offset < 0 ? durations[p] : Math.min(offset, durations[p]);
    }

    /** The recorded spawn offset of packet {@code i} as given to the builder, -1 when unknown. */
    public long spawnOffset(int i) {
        return spawnOffsets[i];
    }

    /** The sum of all durations. */
    public long work() {
        long w = 0;
        for (long d : durations) {
            w += d;
        }
        return w;
    }

    /** Builds a graph packet by packet, parents first. Used by one thread. */
    public static final class Builder {
        private final List<String> types = new ArrayList<>();
        private int[] stages = new int[16];
        private long[] durations = new long[16];
        private int[] parents = new int[16];
        private long[] spawnOffsets = new long[16];

        /**
         * Adds a packet and returns its index. {@code parent} is -1 or an earlier index; {@code spawnOffset}
         * is -1 when unknown.
         */
        public int add(String type, int stage, long duration, int parent, long spawnOffset) {
            int i = types.size();
            if (parent >= i || parent < -1) {
                throw new IllegalArgumentException("packet " + i + ": parent " + parent + " is not an earlier packet");
            }
            if (duration < 0) {
                throw new IllegalArgumentException("packet " + i + ": negative duration " + duration);
            }
            if (i == stages.length) {
                stages = Arrays.copyOf(stages, 2 * i);
                durations = Arrays.copyOf(durations, 2 * i);
                parents = Arrays.copyOf(parents, 2 * i);
                spawnOffsets = Arrays.copyOf(spawnOffsets, 2 * i);
            }
            types.add(type);
            stages[i] = stage;
            durations[i] = duration;
            parents[i] = parent;
            spawnOffsets[i] = spawnOffset;
            return i;
        }

        public PacketGraph build() {
            return new PacketGraph(this);
        }
    }
}
