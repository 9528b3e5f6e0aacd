package org.jmmtk.tools.view;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.Space;

/**
 * GCspy's memory display: the objects starting in a range of a space, each with its header (status
 * word, id, type, sizes), whether it was live at the last GC, when it was allocated, and every
 * reference field with its target. The objects are found through the space's generic
 * {@link Space#walkObjects}, so every policy is covered. Simulation thread only (the heap is read).
 */
final class ObjectDisplay {
    /** One reference field: its slot, the target's address (0: null), id and space. */
    record Field(int slot, long target, long targetId, String targetSpace) {
    }

    /** One object as shown. */
    record Shown(long address, long id, int type, long size, long traceBytes, long status, boolean marked,
                 boolean forwarded, boolean liveAtLastGc, long allocatedAt, List<Field> fields) {
    }

    private ObjectDisplay() {
    }

    /** The first {@code limit} objects starting in {@code [from, to)} of {@code space}, in address order. */
    static List<Shown> objectsIn(Space space, long from, long to, int limit, TileSampler sampler,
                                 SimulatedMemory memory) {
        LongArrayList found = new LongArrayList();
        space.walkObjects(from, Math.max(from + 1, to), o -> {
            if (found.size() < limit) {
                found.add(o);
            }
        });
        long[] objects = found.toLongArray();
        Arrays.sort(objects);
        List<Shown> shown = new ArrayList<>();
        for (long o : objects) {
            int slots = ObjectModel.refSlots(memory, o);
            List<Field> fields = new ArrayList<>(slots);
            for (int s = 0; s < slots; s++) {
                long t = memory.load(ObjectModel.slotAddress(o, s));
                Space ts = t == 0 ? null : sampler.spaceOf(t);
                fields.add(new Field(s, t, t == 0 || ts == null ? 0 : ObjectModel.id(memory, t),
                        ts == null ? "" : ts.name()));
            }
            shown.add(new Shown(o, ObjectModel.id(memory, o), ObjectModel.typeId(memory, o),
                    ObjectModel.size(memory, o), ObjectModel.traceBytes(memory, o), memory.load(o),
                    space.isMarked(o), ObjectModel.isForwarded(memory, o), sampler.isLive(o),
                    sampler.allocatedAt(o), fields));
        }
        return shown;
    }
}
