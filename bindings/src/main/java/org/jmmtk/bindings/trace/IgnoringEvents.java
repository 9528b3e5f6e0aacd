package org.jmmtk.bindings.trace;

/**
 * A {@link TraceEvents} consumer that ignores every event: a subclass overrides the ones it watches (tests,
 * one-pass summaries). Used by the thread that replays.
 */
public abstract class IgnoringEvents implements TraceEvents {
    @Override
    public void type(int typeId, String name) {
    }

    @Override
    public void weakSlot(int typeId, int slot) {
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
    }

    @Override
    public void threadEnd(int thread) {
    }

    @Override
    public void global(int rootSlot, long target) {
    }

    @Override
    public void death(long object) {
    }

    @Override
    public void perfectPoint() {
    }

    @Override
    public void collect() {
    }
}
