package org.jmmtk.core.objectmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.TestMemory;
import org.junit.jupiter.api.Test;

/** The header layout, the size rule, marking and the forwarding state machine. */
class ObjectModelTest {
    private static final long BASE = TestMemory.BASE;

    private static SimulatedMemory memory() {
        return TestMemory.oneChunk();
    }

    @Test
    void simulatedSizeIsTraceSizeRoundedButAtLeastHeaderPlusSlots() {
        assertEquals(32, ObjectModel.allocationSize(32, 2));
        assertEquals(40, ObjectModel.allocationSize(33, 0));
        assertEquals(16, ObjectModel.allocationSize(1, 0));
        assertEquals(16 + 8 * 10, ObjectModel.allocationSize(16, 10));
        assertEquals(96, ObjectModel.allocationSize(96, 10));
    }

    @Test
    void headerHoldsIdSizeSlotsAndType() {
        SimulatedMemory m = memory();
        long o = BASE + 64;
        m.store(o + ObjectModel.HEADER_BYTES, 0xdead);
        ObjectModel.initialize(m, o, 123456789L, 70, 5, 77);
        assertEquals(123456789L, ObjectModel.id(m, o));
        assertEquals(70, ObjectModel.traceBytes(m, o));
        assertEquals(5, ObjectModel.refSlots(m, o));
        assertEquals(77, ObjectModel.typeId(m, o));
        assertEquals(72, ObjectModel.size(m, o));
        assertEquals(0, m.load(ObjectModel.slotAddress(o, 0)), "slots start null");
        assertEquals(o + 16 + 16, ObjectModel.slotAddress(o, 2));
    }

    @Test
    void markIsSetOnceAndCleared() {
        SimulatedMemory m = memory();
        long o = BASE + 64;
        ObjectModel.initialize(m, o, 1, 32, 1, 3);
        assertFalse(ObjectModel.isMarked(m, o));
        assertTrue(ObjectModel.testAndMark(m, o));
        assertFalse(ObjectModel.testAndMark(m, o));
        assertTrue(ObjectModel.isMarked(m, o));
        assertEquals(3, ObjectModel.typeId(m, o), "marking keeps the type");
        ObjectModel.clearMark(m, o);
        assertFalse(ObjectModel.isMarked(m, o));
    }

    @Test
    void forwardingClaimsOnceThenReportsTheCopy() {
        SimulatedMemory m = memory();
        long o = BASE + 64;
        long copy = BASE + 4096;
        ObjectModel.initialize(m, o, 1, 32, 1, 3);
        long status = ObjectModel.attemptToForward(m, o);
        assertEquals(ObjectModel.NOT_FORWARDED, status & ObjectModel.FORWARDING_MASK);
        assertEquals(ObjectModel.BEING_FORWARDED, m.load(o) & ObjectModel.FORWARDING_MASK);
        ObjectModel.setForwardingPointer(m, o, copy);
        assertTrue(ObjectModel.isForwarded(m, o));
        assertEquals(copy, ObjectModel.forwardee(m, o));
        long again = ObjectModel.attemptToForward(m, o);
        assertEquals(ObjectModel.FORWARDED, again & ObjectModel.FORWARDING_MASK);
        assertEquals(copy, ObjectModel.forwardeeOfStatus(again));
        assertEquals(1, ObjectModel.id(m, o), "forwarding keeps the id");
        assertEquals(3, ObjectModel.typeId(m, o), "forwarding keeps the type id");
    }

    @Test
    void headerFieldsReachTheirLimits() {
        SimulatedMemory m = memory();
        long o = BASE + 64;
        ObjectModel.initialize(m, o, ObjectModel.MAX_OBJECT_ID, ObjectModel.MAX_TRACE_BYTES, 3,
                ObjectModel.MAX_TYPE_ID);
        assertEquals(ObjectModel.MAX_OBJECT_ID, ObjectModel.id(m, o));
        assertEquals(ObjectModel.MAX_TRACE_BYTES, ObjectModel.traceBytes(m, o));
        assertEquals(3, ObjectModel.refSlots(m, o));
        assertEquals(ObjectModel.MAX_TYPE_ID, ObjectModel.typeId(m, o));
        assertTrue(ObjectModel.testAndMark(m, o));
        assertEquals(ObjectModel.MAX_TRACE_BYTES, ObjectModel.traceBytes(m, o), "the mark bit is its own");
        long status = ((long) ObjectModel.MAX_REF_SLOTS << 4) | (40L << 28) | ObjectModel.MARK_BIT;
        assertEquals(ObjectModel.MAX_REF_SLOTS, ObjectModel.refSlotsOfStatus(status));
        assertEquals(40, ObjectModel.traceBytesOfStatus(status));
    }

    @Test
    void logBitIsClaimedOnce() {
        SimulatedMemory m = memory();
        long o = BASE + 64;
        ObjectModel.initialize(m, o, 9, 32, 2, 4);
        assertFalse(ObjectModel.attemptToLog(m, o), "new objects are logged");
        ObjectModel.setLogBit(m, o);
        assertTrue(ObjectModel.attemptToLog(m, o));
        assertFalse(ObjectModel.attemptToLog(m, o));
        assertEquals(32, ObjectModel.traceBytes(m, o));
    }
}
