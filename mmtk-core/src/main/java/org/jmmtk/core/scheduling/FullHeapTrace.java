package org.jmmtk.core.scheduling;

import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SpaceTable;
import org.jmmtk.core.policy.TraceLocal;

/** The full-heap trace: each object is traced by the policy of the space the space table names. */
public final class FullHeapTrace implements ObjectTrace {
    private final SpaceTable spaces;

    public FullHeapTrace(SpaceTable spaces) {
        this.spaces = spaces;
    }

    @Override
    public long traceObject(long object, TraceLocal local) {
        Space space = spaces.spaceOf(object);
        if (space == null) {
            throw new IllegalStateException(String.format("traced 0x%x, which is in no space", object));
        }
        return space.traceObject(object, local);
    }
}
