package org.jmmtk.core.scheduling;

import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SpaceTable;
import org.jmmtk.core.policy.TraceContext;

/** The full-heap trace kind: each object is traced by the policy of the space the space table names. */
public final class FullHeapTrace implements GcWorkContext {
    private final SpaceTable spaces;

    public FullHeapTrace(SpaceTable spaces) {
        this.spaces = spaces;
    }

    @Override
    public long traceObject(long object, TraceContext context) {
        Space space = spaces.spaceOf(object);
        if (space == null) {
            throw new IllegalStateException(String.format("traced 0x%x, which is in no space", object));
        }
        return space.traceObject(object, context);
    }
}
