package org.jmmtk.tools.model;

import org.jmmtk.scheduler.Stage;

/** Synthetic packet graphs with known work, span and schedules. */
final class Graphs {
    static final int UNCONSTRAINED = Stage.UNCONSTRAINED.ordinal();
    static final int CLOSURE = Stage.CLOSURE.ordinal();
    static final int RELEASE = Stage.RELEASE.ordinal();

    private Graphs() {
    }

    /** {@code n} Closure packets of {@code d} ns, each spawning the next when it ends. */
    static PacketGraph chain(int n, long d) {
        PacketGraph.Builder b = new PacketGraph.Builder();
        int prev = -1;
        for (int i = 0; i < n; i++) {
            prev = b.add("Chain", CLOSURE, d, prev, -1);
        }
        return b.build();
    }

    /** {@code n} independent Closure packets of {@code d} ns, waiting in the bucket from the start. */
    static PacketGraph independent(int n, long d) {
        PacketGraph.Builder b = new PacketGraph.Builder();
        for (int i = 0; i < n; i++) {
            b.add("Leaf", CLOSURE, d, -1, -1);
        }
        return b.build();
    }

    /** A root of zero length that spawns {@code n} Closure packets of {@code d} ns. */
    static PacketGraph fanOut(int n, long d) {
        PacketGraph.Builder b = new PacketGraph.Builder();
        int root = b.add("Root", UNCONSTRAINED, 0, -1, -1);
        for (int i = 0; i < n; i++) {
            b.add("Leaf", CLOSURE, d, root, 0);
        }
        return b.build();
    }

    /** An Unconstrained root of {@code root} ns that spawns Unconstrained leaves of the given lengths as it starts. */
    static PacketGraph rootAndLeaves(long root, long... leaves) {
        PacketGraph.Builder b = new PacketGraph.Builder();
        int r = b.add("Root", UNCONSTRAINED, root, -1, -1);
        for (long d : leaves) {
            b.add("Leaf", UNCONSTRAINED, d, r, 0);
        }
        return b.build();
    }
}
