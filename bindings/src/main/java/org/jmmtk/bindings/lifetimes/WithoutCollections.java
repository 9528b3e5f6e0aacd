package org.jmmtk.bindings.lifetimes;

import java.io.IOException;
import org.jmmtk.bindings.trace.ForwardingEvents;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;

/**
 * A trace source with its {@code C} records (the program's requests for a collection) left out. The
 * lifetimes' definition judges reachability only at allocations, so an object may be unreachable for
 * a moment between two of them and then used again; a collection at a {@code C} record in between would
 * reclaim it, and Merlin's replay would then reject the trace that brute force accepts. Merlin
 * replays this instead; the perfect trace keeps the records. Replayed by one thread.
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
