package org.jmmtk.bindings.replay;

import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.stats.GcRecord;

/**
 * The parts of a run that must not depend on the number of GC threads, as text to compare: the same
 * collections at the same points, copying and marking the same bytes, tracing the same edges, leaving
 * the same heap occupancy, free space, plan counters and final live set, the same side metadata
 * footprint (each table's bytes) and the same counters of every plugin. Times are left out.
 */
public final class LogicalResult {
    private LogicalResult() {
    }

    /** Lines for the run (its counts, side metadata and plugin counters), then one per collection. */
    public static String of(RunResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append("gcs=").append(r.gcCount()).append(" copied=").append(r.bytesCopied()).append(" marked=")
                .append(r.bytesMarked()).append(" edges=").append(r.edgesTraced()).append(" live=")
                .append(r.finalLiveObjects()).append('/').append(r.finalLiveBytes()).append('\n');
        sb.append("metadata=").append(r.metadataBytes());
        for (SideMetadataRegistry.Usage u : r.metadata()) {
            sb.append(' ').append(u.space() == null ? "" : u.space() + ".").append(u.spec().name()).append('=')
                    .append(u.bytes());
        }
        sb.append('\n').append("plugins=").append(r.plugins()).append('\n');
        for (GcRecord g : r.collections()) {
            sb.append(of(g)).append('\n');
        }
        return sb.toString();
    }

    /** One collection. */
    public static String of(GcRecord r) {
        return String.join(" ", r.kind(), r.reason(), "at=" + r.allocatedBefore(), "copied=" + r.objectsCopied()
                + "/" + r.bytesCopied(), "marked=" + r.objectsMarked() + "/" + r.bytesMarked(),
                "edges=" + r.edgesTraced(), "used=" + r.usedBytesBefore() + "->" + r.usedBytesAfter(),
                "free=" + r.freeSpace().totalBytes(), r.planStats().toString());
    }
}
