package org.jmmtk.core.barrier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.TestMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.junit.jupiter.api.Test;

/** Each barrier stores the value and remembers exactly what its rule says. */
class BarrierTest {
    private static final long BASE = TestMemory.BASE;

    private static SimulatedMemory memory() {
        return TestMemory.oneChunk();
    }

    @Test
    void noBarrierOnlyStores() {
        SimulatedMemory m = memory();
        long o = BASE + 64;
        ObjectModel.initialize(m, o, 1, 32, 2, 0);
        Barrier b = new NoBarrier(m);
        b.store(o, ObjectModel.slotAddress(o, 1), BASE + 512);
        assertEquals(BASE + 512, m.load(ObjectModel.slotAddress(o, 1)));
        assertEquals(0, b.rememberedSet().inserted());
    }

    @Test
    void objectBarrierRemembersAnUnloggedObjectOnce() {
        SimulatedMemory m = memory();
        long old = BASE + 64;
        long fresh = BASE + 256;
        ObjectModel.initialize(m, old, 1, 32, 2, 0);
        ObjectModel.initialize(m, fresh, 2, 32, 2, 0);
        ObjectModel.setLogBit(m, old);
        Barrier b = new ObjectRememberingBarrier(m);
        b.store(old, ObjectModel.slotAddress(old, 0), fresh);
        b.store(old, ObjectModel.slotAddress(old, 1), fresh);
        b.store(fresh, ObjectModel.slotAddress(fresh, 0), old);
        assertEquals(1, b.rememberedSet().size());
        assertEquals(old, b.rememberedSet().get(0));
        assertEquals(fresh, m.load(ObjectModel.slotAddress(old, 1)));
        b.rememberedSet().clear();
        assertEquals(0, b.rememberedSet().size());
        assertEquals(1, b.rememberedSet().inserted(), "the run's count survives clearing");
    }

    @Test
    void fieldBarrierRemembersFilteredNonNullStores() {
        SimulatedMemory m = memory();
        long nursery = BASE + 4096;
        long o = BASE + 64;
        ObjectModel.initialize(m, o, 1, 32, 2, 0);
        Barrier b = new FieldRememberingBarrier(m, (slot, target) -> slot < nursery && target >= nursery);
        b.store(o, ObjectModel.slotAddress(o, 0), nursery + 64);
        b.store(o, ObjectModel.slotAddress(o, 0), nursery + 64);
        b.store(o, ObjectModel.slotAddress(o, 1), BASE + 1024);
        b.store(o, ObjectModel.slotAddress(o, 1), 0);
        assertEquals(2, b.rememberedSet().size());
        assertEquals(ObjectModel.slotAddress(o, 0), b.rememberedSet().get(1));
        assertEquals(0, m.load(ObjectModel.slotAddress(o, 1)));
    }

    @Test
    void thePreWriteHookSeesTheOldValueAndThePostWriteHookTheNew() {
        SimulatedMemory m = memory();
        long o = BASE + 64;
        ObjectModel.initialize(m, o, 1, 32, 2, 0);
        long slot = ObjectModel.slotAddress(o, 0);
        long[] seen = new long[4];
        Barrier b = new Barrier(m) {
            @Override
            protected void preWrite(long source, long s, long target) {
                seen[0] = memory.load(s);
                seen[1] = target;
            }

            @Override
            protected void postWrite(long source, long s, long target) {
                seen[2] = memory.load(s);
                seen[3] = source;
            }
        };
        b.store(o, slot, BASE + 512);
        b.store(o, slot, BASE + 1024);
        assertEquals(BASE + 512, seen[0]);
        assertEquals(BASE + 1024, seen[1]);
        assertEquals(BASE + 1024, seen[2]);
        assertEquals(o, seen[3]);
    }
}
