package org.jmmtk.bindings.trace;

import java.util.ArrayList;
import java.util.List;

/** A {@link TraceEvents} consumer that keeps every event as a line in the text form, to compare sequences. */
public final class RecordingEvents implements TraceEvents {
    private final List<String> events = new ArrayList<>();

    /** The events received so far, in order. */
    public List<String> events() {
        return events;
    }

    @Override
    public void type(int typeId, String name) {
        events.add("T " + typeId + " " + name);
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        events.add("K " + typeId + " " + slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        events.add("A " + thread + " " + object + " " + bytes + " " + refSlots + " " + typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        events.add("W " + thread + " " + source + " " + slot + " " + target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        events.add("R " + thread + " " + rootSlot + " " + target);
    }

    @Override
    public void global(int rootSlot, long target) {
        events.add("G " + rootSlot + " " + target);
    }

    @Override
    public void death(long object) {
        events.add("D " + object);
    }

    @Override
    public void perfectPoint() {
        events.add("P");
    }

    @Override
    public void collect() {
        events.add("C");
    }

    @Override
    public void threadEnd(int thread) {
        events.add("X " + thread);
    }
}
