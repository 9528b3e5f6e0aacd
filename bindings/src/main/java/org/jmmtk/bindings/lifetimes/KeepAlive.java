package org.jmmtk.bindings.lifetimes;

import it.unimi.dsi.fastutil.ints.IntSet;
import org.jmmtk.bindings.trace.FilteredSource;
import org.jmmtk.bindings.trace.ForwardingEvents;
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
public final class KeepAlive {
    private KeepAlive() {
    }

    /** {@code source} with every object of {@code types} kept alive from its allocation on. */
    public static TraceSource of(TraceSource source, IntSet types) {
        return new FilteredSource(source, out -> new ForwardingEvents(out) {
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
        }, " (types kept alive)");
    }
}
