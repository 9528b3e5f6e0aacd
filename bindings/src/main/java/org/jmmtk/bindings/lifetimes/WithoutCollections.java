package org.jmmtk.bindings.lifetimes;

import java.io.IOException;
import org.jmmtk.bindings.trace.ForwardingEvents;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;

/**
 * A trace source with its {@code C} records (the program's requests for a collection) and its {@code K}
 * records (weak slots) left out. The lifetimes' definition judges reachability only at allocations, so
 * an object may be unreachable for a moment between two of them and then used again; a collection at a
 * {@code C} record in between would reclaim it, and Merlin's replay would then reject the trace that
 * brute force accepts. And the definition takes a weak slot as strong, as brute force does: a plan that
 * processes references would clear one at whichever collection found its referent otherwise
 * unreachable, and the object would die there, earlier than by the definition and at a point that moved
 * with the heap size. Merlin and FiLiP replay this instead; the perfect trace keeps the records.
 * Replayed by one thread.
 */
final class WithoutCollections implements TraceSource {
    private final TraceSource source;

    WithoutCollections(TraceSource source) {
        this.source = source;
    }

    @Override
    public void replay(TraceEvents out) throws IOException {
        source.replay(new ForwardingEvents(out) {
            @Override
            public void collect() {
                // left out: see the class comment
            }

            @Override
            public void weakSlot(int typeId, int slot) {
                // left out: see the class comment
            }
        });
    }

    @Override
    public String describe() {
        return source.describe();
    }

    @Override
    public double progress() {
        return source.progress();
    }
}
