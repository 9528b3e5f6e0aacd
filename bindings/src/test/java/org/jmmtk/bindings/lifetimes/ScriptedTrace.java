package org.jmmtk.bindings.lifetimes;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;

/** A trace kept in memory as records, replayable any number of times; built through its {@link TraceEvents} side. */
public final class ScriptedTrace implements TraceSource, TraceEvents {
    private final List<long[]> records = new ArrayList<>();
    private final String name;

    public ScriptedTrace(String name) {
        this.name = name;
    }

    int size() {
        return records.size();
    }

    @Override
    public void replay(TraceEvents out) {
        for (long[] r : records) {
            switch ((char) r[0]) {
                case 'A' -> out.alloc((int) r[1], r[2], r[3], (int) r[4], (int) r[5]);
                case 'W' -> out.write((int) r[1], r[2], (int) r[3], r[4]);
                case 'R' -> out.root((int) r[1], (int) r[2], r[3]);
                case 'G' -> out.global((int) r[1], r[2]);
                case 'D' -> out.death(r[1]);
                case 'P' -> out.perfectPoint();
                case 'C' -> out.collect();
                case 'X' -> out.threadEnd((int) r[1]);
                case 'K' -> out.weakSlot((int) r[1], (int) r[2]);
                default -> throw new IllegalStateException();
            }
        }
    }

    @Override
    public String describe() {
        return name;
    }

    @Override
    public double progress() {
        return 0;
    }

    @Override
    public void type(int typeId, String typeName) {
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        records.add(new long[] {'K', typeId, slot});
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        records.add(new long[] {'A', thread, object, bytes, refSlots, typeId});
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        records.add(new long[] {'W', thread, source, slot, target});
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        records.add(new long[] {'R', thread, rootSlot, target});
    }

    @Override
    public void global(int rootSlot, long target) {
        records.add(new long[] {'G', rootSlot, target});
    }

    @Override
    public void death(long object) {
        records.add(new long[] {'D', object});
    }

    @Override
    public void perfectPoint() {
        records.add(new long[] {'P'});
    }

    @Override
    public void collect() {
        records.add(new long[] {'C'});
    }

    @Override
    public void threadEnd(int thread) {
        records.add(new long[] {'X', thread});
    }
}
