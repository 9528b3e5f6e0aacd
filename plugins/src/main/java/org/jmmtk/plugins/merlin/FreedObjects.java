package org.jmmtk.plugins.merlin;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * The objects one collection freed, with their outgoing references, as GC workers report them: each
 * worker appends to a buffer of its own (no lock, nothing allocated once the buffer has grown), and
 * after the collection the requesting thread reads every buffer and empties them.
 *
 * <p>A freed object's header and slots are intact while it is reported, but the objects its slots
 * name may be freed at the same moment by another worker (a sweep may clear their headers), so for
 * each reference the buffer keeps the target's address, which identifies a freed target among this
 * collection's freed objects, and the id read from the target's header, which is only used when the
 * target was not freed (its header is then intact: a collector frees an object only after everything
 * that refers to it, and the old copy of a moved object keeps its id).
 */
final class FreedObjects {
    /** One worker's part. */
    static final class Buffer {
        long[] ids = new long[256];
        long[] addresses = new long[256];
        /** Start of each object's references in {@link #targetAddresses}; entry {@code count} is the end. */
        int[] firstTarget = new int[257];
        long[] targetAddresses = new long[1024];
        long[] targetIds = new long[1024];
        int count;
        int targets;

        void add(SimulatedMemory memory, long object) {
            if (count + 1 == ids.length) {
                ids = Arrays.copyOf(ids, ids.length * 2);
                addresses = Arrays.copyOf(addresses, ids.length);
                firstTarget = Arrays.copyOf(firstTarget, ids.length + 1);
            }
            ids[count] = ObjectModel.id(memory, object);
            addresses[count] = object;
            int slots = ObjectModel.refSlots(memory, object);
            for (int s = 0; s < slots; s++) {
                long target = memory.load(ObjectModel.slotAddress(object, s));
                if (target != 0) {
                    if (targets == targetAddresses.length) {
                        targetAddresses = Arrays.copyOf(targetAddresses, targets * 2);
                        targetIds = Arrays.copyOf(targetIds, targets * 2);
                    }
                    targetAddresses[targets] = target;
                    targetIds[targets] = ObjectModel.id(memory, target);
                    targets++;
                }
            }
            count++;
            firstTarget[count] = targets;
        }

        void clear() {
            count = 0;
            targets = 0;
        }
    }

    private final List<Buffer> buffers = new ArrayList<>();
    private final ThreadLocal<Buffer> local = ThreadLocal.withInitial(this::register);

    private synchronized Buffer register() {
        Buffer b = new Buffer();
        buffers.add(b);
        return b;
    }

    /** Records the freed {@code object}; called by GC workers, concurrently. */
    void add(SimulatedMemory memory, long object) {
        local.get().add(memory, object);
    }

    /** Every worker's buffer; read and clear them only while no collection runs. */
    synchronized List<Buffer> buffers() {
        return List.copyOf(buffers);
    }
}
