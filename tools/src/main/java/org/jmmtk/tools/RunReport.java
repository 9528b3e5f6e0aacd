package org.jmmtk.tools;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.core.Options;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.stats.GcRecord;

/** Prints a {@link RunResult} as a readable table or as the JSON object documented in docs/metrics.md. */
final class RunReport {
    private RunReport() {
    }

    static void table(RunResult r, int warmupRuns, PrintWriter out) {
        table(r, null, warmupRuns, out);
    }

    /** The table, its header showing the heap as {@code heap} (e.g. a factor of the maximum live size) if not null. */
    static void table(RunResult r, String heap, int warmupRuns, PrintWriter out) {
        out.printf(Locale.ROOT, "plan %s, %s, heap %s, %d GC thread%s%n", r.plan(), r.source(),
                heap != null ? heap : Options.formatBytes(r.heapBytes()), r.threads(), r.threads() == 1 ? "" : "s");
        out.printf(Locale.ROOT, "  (%s)%n", r.geometry());
        row(out, "GCs", String.format(Locale.ROOT, "%,d", r.gcCount()));
        row(out, "objects allocated", String.format(Locale.ROOT, "%,d", r.objectsAllocated()));
        row(out, "bytes allocated", String.format(Locale.ROOT, "%,d", r.bytesAllocated()));
        row(out, "bytes copied", String.format(Locale.ROOT, "%,d", r.bytesCopied()));
        row(out, "bytes marked", String.format(Locale.ROOT, "%,d", r.bytesMarked()));
        row(out, "mark/cons", String.format(Locale.ROOT, "%.4f", r.markCons()));
        row(out, "edges traced", String.format(Locale.ROOT, "%,d", r.edgesTraced()));
        row(out, "write-barrier stores", String.format(Locale.ROOT, "%,d", r.barrierStores()));
        row(out, "final live objects", r.finalLiveObjects() == null ? "-" : String.format(Locale.ROOT, "%,d", r.finalLiveObjects()));
        row(out, "final live bytes", r.finalLiveBytes() == null ? "-" : String.format(Locale.ROOT, "%,d", r.finalLiveBytes()));
        row(out, "pause total", ms(r.pauseTotalNanos()));
        row(out, "pause max", ms(r.pauseMaxNanos()));
        row(out, "pause p50 / p99", ms(r.pauseP50Nanos()) + " / " + ms(r.pauseP99Nanos()));
        row(out, "closure total", ms(r.closureTotalNanos()));
        row(out, "wall time", ms(r.wallNanos()));
        for (Map.Entry<String, Map<String, Number>> p : r.plugins().entrySet()) {
            for (Map.Entry<String, Number> e : p.getValue().entrySet()) {
                row(out, p.getKey() + ": " + e.getKey(), String.format(Locale.ROOT, "%,d", e.getValue().longValue()));
            }
        }
        if (r.isOutOfMemory()) {
            row(out, "result", "OUT OF MEMORY");
        }
        if (warmupRuns == 0) {
            out.println("  (times include the JIT compiling the collector; --warmup 1 measures it warm)");
        }
        out.flush();
    }

    private static void row(PrintWriter out, String name, String value) {
        out.printf(Locale.ROOT, "  %-22s %15s%n", name, value);
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
    }

    static void json(RunResult r, String sourceKind, int warmupRuns, PrintWriter out) throws IOException {
        json(r, sourceKind, null, warmupRuns, out);
    }

    /** The JSON object; with {@code heap} (chosen by factor), also {@code heapFactor} and {@code maxLiveBytes}. */
    static void json(RunResult r, String sourceKind, HeapFactorOption.Heap heap, int warmupRuns, PrintWriter out)
            throws IOException {
        try (JsonGenerator g = Json.pretty(out)) {
            g.writeStartObject();
            g.writeStringField("plan", r.plan());
            g.writeStringField(sourceKind, r.source());
            g.writeNumberField("heapBytes", r.heapBytes());
            if (heap != null) {
                g.writeNumberField("heapFactor", heap.factor());
                g.writeNumberField("maxLiveBytes", heap.maxLive().bytes());
            }
            geometry(g, r.geometry());
            g.writeNumberField("threads", r.threads());
            g.writeNumberField("packetCapacity", r.packetCapacity());
            g.writeNumberField("warmupRuns", warmupRuns);
            g.writeNumberField("gcCount", r.gcCount());
            g.writeNumberField("objectsAllocated", r.objectsAllocated());
            g.writeNumberField("bytesAllocated", r.bytesAllocated());
            g.writeNumberField("bytesCopied", r.bytesCopied());
            g.writeNumberField("bytesMarked", r.bytesMarked());
            g.writeNumberField("markCons", r.markCons());
            g.writeNumberField("edgesTraced", r.edgesTraced());
            g.writeNumberField("writeBarrierStores", r.barrierStores());
            nullableNumber(g, "finalLiveObjects", r.finalLiveObjects());
            nullableNumber(g, "finalLiveBytes", r.finalLiveBytes());
            g.writeNumberField("pauseTotalMs", r.pauseTotalNanos() / 1e6);
            g.writeNumberField("pauseMaxMs", r.pauseMaxNanos() / 1e6);
            g.writeNumberField("pauseP50Ms", r.pauseP50Nanos() / 1e6);
            g.writeNumberField("pauseP99Ms", r.pauseP99Nanos() / 1e6);
            g.writeNumberField("closureTotalMs", r.closureTotalNanos() / 1e6);
            g.writeNumberField("wallMs", r.wallNanos() / 1e6);
            g.writeBooleanField("outOfMemory", r.isOutOfMemory());
            if (r.isOutOfMemory()) {
                g.writeStringField("outOfMemoryMessage", r.outOfMemory());
            }
            g.writeObjectFieldStart("plugins");
            for (Map.Entry<String, Map<String, Number>> p : r.plugins().entrySet()) {
                g.writeObjectFieldStart(p.getKey());
                for (Map.Entry<String, Number> e : p.getValue().entrySet()) {
                    Json.number(g, e.getKey(), e.getValue());
                }
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeArrayFieldStart("collections");
            for (GcRecord c : r.collections()) {
                gc(g, c);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.println();
        out.flush();
    }

    private static void geometry(JsonGenerator g, HeapGeometry geometry) throws IOException {
        g.writeObjectFieldStart("heapGeometry");
        g.writeNumberField("pageBytes", geometry.pageBytes());
        g.writeNumberField("blockBytes", geometry.blockBytes());
        g.writeNumberField("lineBytes", geometry.lineBytes());
        g.writeNumberField("tlabBytes", geometry.bufferBytes());
        g.writeNumberField("largeObjectBytes", geometry.largeObjectThreshold());
        g.writeEndObject();
    }

    private static void gc(JsonGenerator g, GcRecord c) throws IOException {
        g.writeStartObject();
        g.writeNumberField("gc", c.gc());
        g.writeStringField("kind", c.kind());
        g.writeStringField("reason", c.reason());
        g.writeNumberField("allocatedBefore", c.allocatedBefore());
        g.writeNumberField("pauseMs", c.pauseNanos() / 1e6);
        g.writeNumberField("closureMs", c.closureNanos() / 1e6);
        g.writeNumberField("objectsCopied", c.objectsCopied());
        g.writeNumberField("bytesCopied", c.bytesCopied());
        g.writeNumberField("objectsMarked", c.objectsMarked());
        g.writeNumberField("bytesMarked", c.bytesMarked());
        g.writeNumberField("edgesTraced", c.edgesTraced());
        g.writeNumberField("usedBytesBefore", c.usedBytesBefore());
        g.writeNumberField("usedBytesAfter", c.usedBytesAfter());
        g.writeNumberField("packets", c.packets());
        g.writeNumberField("steals", c.steals());
        g.writeEndObject();
    }

    private static void nullableNumber(JsonGenerator g, String name, Long value) throws IOException {
        if (value == null) {
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, value);
        }
    }
}
