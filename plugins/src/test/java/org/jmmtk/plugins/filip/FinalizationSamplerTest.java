package org.jmmtk.plugins.filip;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.LongStream;
import org.jmmtk.core.analysis.PluginContext;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.vm.EdgeVisitor;
import org.junit.jupiter.api.Test;

class FinalizationSamplerTest {
    private static final int OBJECTS = 64;
    private final SimulatedMemory memory = new SimulatedMemory(1L << 32, 1L << 20);

    /**
     * GC workers free sampled objects in whatever order the schedule gives; the binding unlinks their
     * ephemerons in the order it gets them, and how many pointer stores that takes depends on the order.
     * So the sampler hands them over in id order, however they were freed.
     */
    @Test
    void deathsAreHandedOverInIdOrderWhateverOrderWorkersFreedThem() {
        memory.map(memory.base(), 1L << 20);
        FinalizationSampler sampler = new FinalizationSampler();
        sampler.attach(new Context(memory));
        long[] objects = new long[OBJECTS];
        for (int i = 0; i < OBJECTS; i++) {
            objects[i] = memory.base() + 64L * i;
            ObjectModel.initialize(memory, objects[i], i + 1, 32, 0, 1);
            sampler.onAlloc(0, objects[i]);
        }
        sampler.onGcStart(1, "full");
        // every other object, highest id first, then the rest from the middle out
        for (int i = OBJECTS - 1; i >= 0; i -= 2) {
            sampler.onObjectFreed(objects[i]);
        }
        for (int i = 0; i < OBJECTS / 2; i += 2) {
            sampler.onObjectFreed(objects[OBJECTS / 2 + i]);
            sampler.onObjectFreed(objects[OBJECTS / 2 - 2 - i]);
        }
        sampler.onGcEnd(1, "full");
        assertArrayEquals(LongStream.rangeClosed(1, OBJECTS).toArray(), sampler.takeMourned());
        assertEquals(0, sampler.takeMourned().length, "taken once");
    }

    /** Just the memory: the sampler reads ids and types through the object model. */
    private record Context(SimulatedMemory memory) implements PluginContext {
        @Override
        public long bytesAllocated() {
            return 0;
        }

        @Override
        public void scanRoots(EdgeVisitor visitor) {
        }

        @Override
        public int spaceOf(long address) {
            return 0;
        }

        @Override
        public List<String> spaceNames() {
            return List.of();
        }

        @Override
        public long addressOf(long id) {
            return 0;
        }
    }
}
