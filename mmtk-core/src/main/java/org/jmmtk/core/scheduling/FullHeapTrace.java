package org.jmmtk.core.scheduling;

import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SpaceTable;

/** The full-heap trace: each object is traced by the policy of the space the space table names. */
public final class FullHeapTrace implements ObjectTrace {
    private final SpaceTable spaces;

    public FullHeapTrace(SpaceTable spaces) {
        this.spaces = spaces;
    }

    @Override
    public long traceObject(long object, Collector collector) {
        Space space = spaces.spaceOf(object);
        if (space == null) {
            throw new IllegalStateException(String.format("traced 0x%x, which is in no space", object));
        }
        return space.traceObject(object, collector);
    }
}
