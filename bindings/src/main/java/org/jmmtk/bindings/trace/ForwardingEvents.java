package org.jmmtk.bindings.trace;

/**
 * A trace filter: passes every record on to another {@link TraceEvents} unchanged; a subclass overrides
 * the records it changes, drops or adds to. Used by the thread that replays the trace.
 */
public abstract class ForwardingEvents implements TraceEvents {
    protected final TraceEvents out;

    protected ForwardingEvents(TraceEvents out) {
        this.out = out;
    }

    @Override
    public void type(int typeId, String name) {
        out.type(typeId, name);
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        out.weakSlot(typeId, slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        out.alloc(thread, object, bytes, refSlots, typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        out.write(thread, source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        out.root(thread, rootSlot, target);
    }

    @Override
    public void global(int rootSlot, long target) {
        out.global(rootSlot, target);
    }

    @Override
    public void threadEnd(int thread) {
        out.threadEnd(thread);
    }

    @Override
    public void death(long object) {
        out.death(object);
    }

    @Override
    public void perfectPoint() {
        out.perfectPoint();
    }

    @Override
    public void collect() {
        out.collect();
    }
}
