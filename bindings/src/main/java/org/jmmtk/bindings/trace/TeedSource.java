package org.jmmtk.bindings.trace;

import java.io.IOException;

/**
 * A trace source whose every event also goes, right after, to another consumer: e.g. a {@link ShadowHeap}
 * that follows a replay, so that the simulated heap can be compared with it at any collection. Used by
 * the thread that replays.
 */
public final class TeedSource implements TraceSource {
    private final TraceSource source;
    private final TraceEvents also;

    public TeedSource(TraceSource source, TraceEvents also) {
        this.source = source;
        this.also = also;
    }

    @Override
    public void replay(TraceEvents out) throws IOException {
        source.replay(new TeeEvents(out, also));
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
