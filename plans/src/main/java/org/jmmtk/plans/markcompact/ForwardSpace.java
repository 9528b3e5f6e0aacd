package org.jmmtk.plans.markcompact;

import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.policy.Space;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/**
 * RefForwarding stage: redirects the fields of the marked (live) objects of another space (the large
 * object space, the immortal space) that point into the mark-compact space. Objects are found through
 * the valid-object bits and checked by their space ({@link Space#isMarked}: the immortal space's mark
 * state alternates); those spaces are swept, or unmarked, only later (Release, Final).
 */
final class ForwardSpace extends WorkPacket {
    private final MarkCompact plan;
    private final Space space;

    ForwardSpace(MarkCompact plan, Space space) {
        this.plan = plan;
        this.space = space;
    }

    @Override
    public void execute(GCWorker worker) {
        SideBitmap vo = plan.heap().validObjects();
        long end = space.end();
        for (long o = vo.next(space.start(), end); o >= 0; o = vo.next(o + 8, end)) {
            if (space.isMarked(o)) {
                plan.markCompactSpace().updateSlots(o);
            }
        }
    }
}
