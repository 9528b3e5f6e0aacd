package org.jmmtk.bindings.trace;

import java.util.function.LongUnaryOperator;

/** Passes every event on with its object ids renamed (0, null, stays 0): traces whose ids are not 1, 2, 3, .... */
final class RenamedIds implements TraceEvents {
    private final TraceEvents out;
    private final LongUnaryOperator rename;

    RenamedIds(TraceEvents out, LongUnaryOperator rename) {
        this.out = out;
        this.rename = rename;
    }

    private long id(long id) {
        return id == 0 ? 0 : rename.applyAsLong(id);
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
        out.alloc(thread, id(object), bytes, refSlots, typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        out.write(thread, id(source), slot, id(target));
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        out.root(thread, rootSlot, id(target));
    }

    @Override
    public void global(int rootSlot, long target) {
        out.global(rootSlot, id(target));
    }

    @Override
    public void death(long object) {
        out.death(id(object));
    }

    @Override
    public void perfectPoint() {
        out.perfectPoint();
    }

    @Override
    public void collect() {
        out.collect();
    }

    @Override
    public void threadEnd(int thread) {
        out.threadEnd(thread);
    }
}
