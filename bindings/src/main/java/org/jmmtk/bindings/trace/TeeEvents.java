package org.jmmtk.bindings.trace;


/**
 * Sends each event to a first consumer, then to a second one: a checker in front of a writer
 * ({@code trace import}), or a replay beside a shadow heap (tests). An exception of the first stops
 * the event from reaching the second.
 */
public final class TeeEvents implements TraceEvents {
    private final TraceEvents first;
    private final TraceEvents second;

    public TeeEvents(TraceEvents first, TraceEvents second) {
        this.first = first;
        this.second = second;
    }

    @Override
    public void type(int typeId, String name) {
        first.type(typeId, name);
        second.type(typeId, name);
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        first.weakSlot(typeId, slot);
        second.weakSlot(typeId, slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        first.alloc(thread, object, bytes, refSlots, typeId);
        second.alloc(thread, object, bytes, refSlots, typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        first.write(thread, source, slot, target);
        second.write(thread, source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        first.root(thread, rootSlot, target);
        second.root(thread, rootSlot, target);
    }

    @Override
    public void global(int rootSlot, long target) {
        first.global(rootSlot, target);
        second.global(rootSlot, target);
    }

    @Override
    public void death(long object) {
        first.death(object);
        second.death(object);
    }

    @Override
    public void perfectPoint() {
        first.perfectPoint();
        second.perfectPoint();
    }

    @Override
    public void threadEnd(int thread) {
        first.threadEnd(thread);
        second.threadEnd(thread);
    }

    @Override
    public void collect() {
        first.collect();
        second.collect();
    }
}
