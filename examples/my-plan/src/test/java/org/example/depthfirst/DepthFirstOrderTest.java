package org.example.depthfirst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginContext;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.junit.jupiter.api.Test;

/**
 * The plan really copies, in depth-first order: a tree allocated breadth first (1 -> 2, 3; 2 -> 4;
 * 3 -> 5) lies in the to-space after one collection in preorder, 1 2 4 3 5, where Cheney's order would
 * be 1 2 3 4 5.
 */
class DepthFirstOrderTest {
    /** Records the object id and new address of every move, in order. */
    static final class Moves implements Plugin {
        final List<long[]> moves = new ArrayList<>();
        private PluginContext context;

        @Override
        public String name() {
            return "moves";
        }

        @Override
        public int interests() {
            return ON_MOVE;
        }

        @Override
        public void attach(PluginContext context) {
            this.context = context;
        }

        @Override
        public synchronized void onObjectMoved(long from, long to) {
            moves.add(new long[] {ObjectModel.id(context.memory(), to), to});
        }
    }

    static final class Tree implements TraceSource {
        @Override
        public void replay(TraceEvents out) {
            out.alloc(0, 1, 32, 2, 0);
            out.root(0, 0, 1);
            for (long id = 2; id <= 5; id++) {
                out.alloc(0, id, id <= 3 ? 24 : 16, id <= 3 ? 1 : 0, 0);
            }
            out.write(0, 1, 0, 2);
            out.write(0, 1, 1, 3);
            out.write(0, 2, 0, 4);
            out.write(0, 3, 0, 5);
            out.collect();
        }

        @Override
        public String describe() {
            return "a tree of five objects";
        }

        @Override
        public double progress() {
            return 0;
        }
    }

    @Test
    void survivorsAreCopiedInDepthFirstOrder() throws Exception {
        Moves moves = new Moves();
        Options options = new Options().heapBytes(64 << 10).threads(1).sanity(true);
        RunResult r = Simulation.run(new DepthFirstProvider(), options, new Tree(), (mmtk, binding) -> { },
                List.of(moves));
        assertNull(r.outOfMemory());
        assertEquals(5, r.finalLiveObjects());
        List<long[]> first = new ArrayList<>(moves.moves.subList(0, 5));
        first.sort(Comparator.comparingLong(m -> m[1]));
        assertEquals(List.of(1L, 2L, 4L, 3L, 5L), first.stream().map(m -> m[0]).toList());
    }
}
