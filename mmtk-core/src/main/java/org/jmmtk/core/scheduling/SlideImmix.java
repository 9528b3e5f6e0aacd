package org.jmmtk.core.scheduling;

import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.jmmtk.core.policy.immix.ImmixCompactor;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * CalculateForwarding stage of a collection that slides an Immix space (an emergency collection of
 * lxr or stickyimmix), one packet: computes every survivor's new address ({@link ImmixCompactor#calculateForwarding}),
 * has the plan schedule the RefForwarding pass over the roots and every space with the compactor as
 * target, and adds the Compact-stage packet that slides the survivors and reports how many moved.
 * One packet each, so where objects go never depends on the number of GC threads.
 */
public final class SlideImmix extends WorkPacket<Collector> {
    private final ImmixCompactor compactor;
    private final Consumer<GCWorker<Collector>> scheduleRefForwarding;
    private final LongConsumer moved;

    /**
     * {@code scheduleRefForwarding} adds the RefForwarding packets (targeting {@code compactor});
     * {@code moved} receives the number of objects that moved, after the slide.
     */
    public SlideImmix(ImmixCompactor compactor, Consumer<GCWorker<Collector>> scheduleRefForwarding,
                      LongConsumer moved) {
        this.compactor = compactor;
        this.scheduleRefForwarding = scheduleRefForwarding;
        this.moved = moved;
    }

    @Override
    public void execute(GCWorker<Collector> worker) {
        compactor.calculateForwarding();
        scheduleRefForwarding.accept(worker);
        worker.addWork(Stage.COMPACT, new Slide(compactor, moved));
    }

    /** Compact stage, one packet: the slide, in address order. */
    private static final class Slide extends WorkPacket<Collector> {
        private final ImmixCompactor compactor;
        private final LongConsumer moved;

        Slide(ImmixCompactor compactor, LongConsumer moved) {
            this.compactor = compactor;
            this.moved = moved;
        }

        @Override
        public void execute(GCWorker<Collector> worker) {
            moved.accept(compactor.slide(worker.context()));
        }
    }
}
