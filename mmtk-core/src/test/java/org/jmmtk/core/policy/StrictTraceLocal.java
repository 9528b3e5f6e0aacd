package org.jmmtk.core.policy;

/**
 * A trace context for unit tests of one space: every call fails the test unless the test overrides
 * it, so a policy that copies, counts or queues where the test did not expect it is caught.
 */
public class StrictTraceLocal implements TraceLocal {
    @Override
    public void enqueue(long object) {
        throw new AssertionError("unexpected enqueue");
    }

    @Override
    public long allocCopy(long bytes) {
        throw new AssertionError("unexpected copy allocation");
    }

    @Override
    public void copied(long from, long to, long traceBytes, long bytes) {
        throw new AssertionError("unexpected copy");
    }

    @Override
    public void evacuated(long from, long to, long traceBytes, long bytes) {
        throw new AssertionError("unexpected evacuation");
    }

    @Override
    public void moved(long from, long to) {
        throw new AssertionError("unexpected move");
    }

    @Override
    public void marked(long traceBytes) {
        throw new AssertionError("unexpected mark");
    }
}
