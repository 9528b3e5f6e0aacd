package org.jmmtk.tools.probes;

import java.io.IOException;

/**
 * Passes on to another sink only the events of one run of a recording (those whose time falls in the
 * run's {@link RecordedRuns.Window}), so a streaming reader never mixes two runs. Times are those
 * {@link RecordedRuns} slices by: an event's start, or its instant. Used by the reading thread.
 */
public final class WindowedSink implements ProbeDecoder.Sink {
    private final ProbeDecoder.Sink target;
    private final RecordedRuns.Window window;

    public WindowedSink(ProbeDecoder.Sink target, RecordedRuns.Window window) {
        this.target = target;
        this.window = window;
    }

    @Override
    public void gc(ProbeEvents.Gc e) throws IOException {
        if (window.contains(e.start())) {
            target.gc(e);
        }
    }

    @Override
    public void packet(ProbeEvents.Packet e) throws IOException {
        if (window.contains(e.start())) {
            target.packet(e);
        }
    }

    @Override
    public void edges(ProbeEvents.Edges e) throws IOException {
        if (window.contains(e.time())) {
            target.edges(e);
        }
    }

    @Override
    public void bucket(ProbeEvents.Bucket e) throws IOException {
        if (window.contains(e.time())) {
            target.bucket(e);
        }
    }

    @Override
    public void slowPath(ProbeEvents.SlowPath e) throws IOException {
        if (window.contains(e.start())) {
            target.slowPath(e);
        }
    }

    @Override
    public void heap(ProbeEvents.Heap e) throws IOException {
        if (window.contains(e.time())) {
            target.heap(e);
        }
    }

    @Override
    public void lockWait(ProbeEvents.LockWait e) throws IOException {
        if (window.contains(e.start())) {
            target.lockWait(e);
        }
    }
}
