package org.jmmtk.core.policy;

import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.heap.AllocationPoll;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.SimulatedOutOfMemoryError;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.VMLayout;

/** Heap services for unit tests of one space: a poll that never collects and no plugins. */
public final class TestHeap {
    private TestHeap() {
    }

    public static HeapServices services(VMLayout layout, HeapGeometry geometry, SideBitmap validObjects) {
        return services(layout, geometry, validObjects, PluginHost.none());
    }

    /** The same services reporting to {@code plugins}. */
    public static HeapServices services(VMLayout layout, HeapGeometry geometry, SideBitmap validObjects,
                                        PluginHost plugins) {
        AllocationPoll neverCollects = new AllocationPoll() {
            @Override
            public boolean poll(String space, int pages) {
                return false;
            }

            @Override
            public SimulatedOutOfMemoryError outOfMemory(String space, int pages, String why) {
                throw new AssertionError(why);
            }
        };
        return new HeapServices(layout.memory(), layout, geometry, neverCollects, validObjects,
                new SpaceTable(layout.memory()), plugins);
    }
}
