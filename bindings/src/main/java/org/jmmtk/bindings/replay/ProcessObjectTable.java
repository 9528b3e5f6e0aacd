package org.jmmtk.bindings.replay;

import org.jmmtk.core.plan.Plan;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.WorkPacket;

/** Updates one range of the replay's id-to-address table after the closure (WeakRefClosure stage). */
final class ProcessObjectTable extends WorkPacket {
    /** Table slots per packet. */
    static final int SLOTS_PER_PACKET = 1 << 16;

    private final ObjectTable table;
    private final Plan plan;
    private final int from;
    private final int to;

    ProcessObjectTable(ObjectTable table, Plan plan, int from, int to) {
        this.table = table;
        this.plan = plan;
        this.from = from;
        this.to = to;
    }

    @Override
    public void execute(GCWorker worker) {
        table.retain(from, to, plan);
    }
}
