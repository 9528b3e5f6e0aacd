package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.util.function.UnaryOperator;

/**
 * A trace source replayed through a filter: each replay wraps its consumer with {@code filter} (a
 * {@link ForwardingEvents} that changes, drops or adds records), so the filter sees a fresh consumer
 * every time. Used by the thread that replays.
 */
public final class FilteredSource implements TraceSource {
    private final TraceSource source;
    private final UnaryOperator<TraceEvents> filter;
    private final String suffix;

    /** {@code source} through {@code filter}; {@code suffix} is added to its description (may be empty). */
    public FilteredSource(TraceSource source, UnaryOperator<TraceEvents> filter, String suffix) {
        this.source = source;
        this.filter = filter;
        this.suffix = suffix;
    }

    @Override
    public void replay(TraceEvents out) throws IOException {
        source.replay(filter.apply(out));
    }

    @Override
    public String describe() {
        return source.describe() + suffix;
    }

    @Override
    public double progress() {
        return source.progress();
    }
}
