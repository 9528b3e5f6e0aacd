package org.jmmtk.bindings.lifetimes;

import it.unimi.dsi.fastutil.ints.IntSet;
import java.io.IOException;
import org.jmmtk.bindings.trace.ForwardingEvents;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;

/**
 * FiLiP's intervention ("keep references at allocation time"): a copy of a trace in which every object
 * of the given types is stored, right after its allocation, into a global root slot of its own, so it
 * stays reachable to the end, and with it whatever it references. Slots count down from the one below
 * the profiler's ephemeron registry ({@link TraceFormat#MAX_ROOT_SLOT} - 1); a trace that uses those
 * slots itself, or keeps more objects than there are slots, is rejected. Replayed by one thread.
 */
public final class KeepAlive implements TraceSource {
    private final TraceSource source;
    private final IntSet types;

    public KeepAlive(TraceSource source, IntSet types) {
        this.source = source;
        this.types = types;
    }

    @Override
    public void replay(TraceEvents out) throws IOException {
        source.replay(new ForwardingEvents(out) {
            private int next = TraceFormat.MAX_ROOT_SLOT - 1;

            @Override
            public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
                out.alloc(thread, object, bytes, refSlots, typeId);
                if (types.contains(typeId)) {
                    if (next < 0) {
                        throw new TraceException("the intervention keeps more objects than there are global root slots");
                    }
                    out.global(next--, object);
                }
            }

            @Override
            public void global(int rootSlot, long target) {
                if (rootSlot > next) {
                    throw new TraceException("global root slot " + rootSlot + " is one the intervention uses");
                }
                out.global(rootSlot, target);
            }
        });
    }

    @Override
    public String describe() {
        return source.describe() + " (types kept alive)";
    }

    @Override
    public double progress() {
        return source.progress();
    }
}
