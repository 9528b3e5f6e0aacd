package org.jmmtk.tools.run;

import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.option.MinHeapFactorOption;
import org.jmmtk.tools.output.Json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.core.Options;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.stats.CycleTotals;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.core.stats.KindPauses;
import org.jmmtk.core.stats.MutatorUtilization;
import org.jmmtk.core.stats.PausePercentiles;
import org.jmmtk.core.util.FormatLocale;
import org.jmmtk.tools.sweep.MachineLoad;

/** Prints a {@link RunResult} as a readable table or as the JSON object documented in docs/metrics.md. */
public final class RunReport {
    /**
     * The kinds whose counts {@code run --json} also reports as {@code <label>GcCount}, as it did before
     * kinds were the plans' own: derived from {@code gcCountByKind}, kept for comparability.
     */
    private static final List<String> LEGACY_KIND_COUNTS = List.of("nursery", "full", "window", "rc");

    /** The MMU windows the table shows, in ms (the JSON has all of {@link MutatorUtilization#reportedWindowsMs}). */
    private static final long[] TABLE_MMU_WINDOWS_MS = {1, 10, 100};

    private RunReport() {
    }

    public static void table(RunResult r, int warmupRuns, PrintWriter out) {
        table(r, null, warmupRuns, out);
    }

    /** The table, its header showing the heap as {@code heap} (e.g. a factor of the maximum live size) if not null. */
    public static void table(RunResult r, String heap, int warmupRuns, PrintWriter out) {
        out.printf(FormatLocale.NUMBERS, "plan %s, %s, heap %s, %d GC thread%s%n", r.plan(), r.source(),
                heap != null ? heap : Options.formatBytes(r.heapBytes()), r.threads(), r.threads() == 1 ? "" : "s");
        out.printf(FormatLocale.NUMBERS, "  (%s)%n", r.geometry());
        if (!r.spaceSizes().isEmpty()) {
            StringBuilder sizes = new StringBuilder();
            for (Map.Entry<String, Long> e : r.spaceSizes().entrySet()) {
                sizes.append(sizes.length() == 0 ? "" : ", ").append(e.getKey()).append(' ')
                        .append(Options.formatBytes(e.getValue()));
            }
            out.printf(FormatLocale.NUMBERS, "  (%s)%n", sizes);
        }
        row(out, "GCs", String.format(FormatLocale.NUMBERS, "%,d", r.gcCount()));
        for (Map.Entry<String, Integer> e : r.gcCountByKind().entrySet()) {
            row(out, e.getKey() + " GCs", String.format(FormatLocale.NUMBERS, "%,d", e.getValue()));
        }
        row(out, "objects allocated", String.format(FormatLocale.NUMBERS, "%,d", r.objectsAllocated()));
        row(out, "bytes allocated", String.format(FormatLocale.NUMBERS, "%,d", r.bytesAllocated()));
        row(out, "bytes copied", String.format(FormatLocale.NUMBERS, "%,d", r.bytesCopied()));
        row(out, "bytes marked", String.format(FormatLocale.NUMBERS, "%,d", r.bytesMarked()));
        row(out, "mark/cons", String.format(FormatLocale.NUMBERS, "%.4f", r.markCons()));
        row(out, "edges traced", String.format(FormatLocale.NUMBERS, "%,d", r.edgesTraced()));
        row(out, "write-barrier stores", String.format(FormatLocale.NUMBERS, "%,d", r.barrierStores()));
        row(out, "space-time (B x B)", String.format(FormatLocale.NUMBERS, "%.4g", r.spaceTime()));
        row(out, "final live objects", r.finalLiveObjects() == null ? "-" : String.format(FormatLocale.NUMBERS, "%,d", r.finalLiveObjects()));
        row(out, "final live bytes", r.finalLiveBytes() == null ? "-" : String.format(FormatLocale.NUMBERS, "%,d", r.finalLiveBytes()));
        row(out, "pause total", ms(r.pauseTotalNanos()));
        row(out, "pause max", ms(r.pauseMaxNanos()));
        PausePercentiles p = r.pausePercentiles();
        row(out, "pause p50 / p90", ms(p.p50Nanos()) + " / " + ms(p.p90Nanos()));
        row(out, "pause p99 / p99.9", ms(p.p99Nanos()) + " / " + ms(p.p999Nanos()));
        row(out, "closure total", ms(r.closureTotalNanos()));
        row(out, "wall time", ms(r.wallNanos()));
        if (r.parallel() != null) {
            row(out, "mutator threads", Integer.toString(r.parallel().threads()));
            row(out, "dependency waits", String.format(FormatLocale.NUMBERS, "%,d of %,d records (%.4f per record)",
                    r.parallel().waits(), r.parallel().records(), r.parallel().waitsPerRecord()));
            row(out, "window waits", String.format(FormatLocale.NUMBERS, "%,d (%s waiting, both kinds)",
                    r.parallel().windowWaits(), ms(r.parallel().waitNanos())));
        }
        mmuRow(r.mutatorUtilization(), out);
        for (Map.Entry<String, Map<String, Number>> plugin : r.plugins().entrySet()) {
            for (Map.Entry<String, Number> e : plugin.getValue().entrySet()) {
                row(out, plugin.getKey() + ": " + e.getKey(), String.format(FormatLocale.NUMBERS, "%,d", e.getValue().longValue()));
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

    private static void mmuRow(MutatorUtilization u, PrintWriter out) {
        StringBuilder name = new StringBuilder("MMU");
        StringBuilder value = new StringBuilder();
        for (int i = 0; i < TABLE_MMU_WINDOWS_MS.length; i++) {
            name.append(i == 0 ? " " : " / ").append(TABLE_MMU_WINDOWS_MS[i]);
            value.append(i == 0 ? "" : " / ")
                    .append(String.format(FormatLocale.NUMBERS, "%.3f", u.mmu(TABLE_MMU_WINDOWS_MS[i] * 1_000_000)));
        }
        row(out, name.append(" ms").toString(), value.toString());
    }

    private static void row(PrintWriter out, String name, String value) {
        out.printf(FormatLocale.NUMBERS, "  %-30s %15s%n", name, value);
    }

    private static String ms(long nanos) {
        return String.format(FormatLocale.NUMBERS, "%.2f ms", nanos / 1e6);
    }

    static void json(RunResult r, String sourceKind, int warmupRuns, PrintWriter out) throws IOException {
        json(r, sourceKind, null, null, warmupRuns, MachineLoad.now(), out);
    }

    /**
     * The JSON object; with {@code heap} (chosen by factor), also {@code heapFactor} and {@code maxLiveBytes};
     * with {@code minHeap} (chosen by minimum-heap factor), also {@code minHeapFactor} and {@code minHeapBytes};
     * the machine's {@code load} as {@code loadAverage} and {@code busyMachine}.
     */
    static void json(RunResult r, String sourceKind, HeapFactorOption.Heap heap, MinHeapFactorOption.Heap minHeap,
                     int warmupRuns, MachineLoad load, PrintWriter out) throws IOException {
        try (JsonGenerator g = Json.pretty(out)) {
            g.writeStartObject();
            g.writeStringField("plan", r.plan());
            g.writeStringField(sourceKind, r.source());
            g.writeNumberField("heapBytes", r.heapBytes());
            if (heap != null) {
                g.writeNumberField("heapFactor", heap.factor());
                g.writeNumberField("maxLiveBytes", heap.maxLive().bytes());
            }
            if (minHeap != null) {
                g.writeNumberField("minHeapFactor", minHeap.factor());
                g.writeNumberField("minHeapBytes", minHeap.minHeapBytes());
            }
            geometry(g, r.geometry());
            if (!r.spaceSizes().isEmpty()) {
                g.writeObjectFieldStart("spaceSizes");
                for (Map.Entry<String, Long> e : r.spaceSizes().entrySet()) {
                    g.writeNumberField(e.getKey(), e.getValue());
                }
                g.writeEndObject();
            }
            g.writeNumberField("threads", r.threads());
            g.writeNumberField("packetCapacity", r.packetCapacity());
            g.writeNumberField("warmupRuns", warmupRuns);
            load.json(g);
            g.writeNumberField("gcCount", r.gcCount());
            Map<String, Integer> byKind = r.gcCountByKind();
            g.writeObjectFieldStart("gcCountByKind");
            for (Map.Entry<String, Integer> e : byKind.entrySet()) {
                g.writeNumberField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            // derived from gcCountByKind, kept so that results stay comparable with earlier ones
            for (String label : LEGACY_KIND_COUNTS) {
                g.writeNumberField(label + "GcCount", byKind.getOrDefault(label, 0));
            }
            g.writeNumberField("objectsAllocated", r.objectsAllocated());
            g.writeNumberField("bytesAllocated", r.bytesAllocated());
            g.writeNumberField("medianObjectBytes", r.medianObjectBytes());
            g.writeNumberField("bytesCopied", r.bytesCopied());
            g.writeNumberField("bytesMarked", r.bytesMarked());
            g.writeNumberField("bytesPromoted", r.bytesPromoted());
            // only for a program with weak slots, on a plan that processes references
            for (String name : new String[] {Plan.WEAK_REFS_DISCOVERED, Plan.WEAK_REFS_CLEARED}) {
                Long total = r.planStatTotal(name);
                if (total != null) {
                    g.writeNumberField(name, total);
                }
            }
            g.writeNumberField("markCons", r.markCons());
            g.writeNumberField("edgesTraced", r.edgesTraced());
            g.writeNumberField("writeBarrierStores", r.barrierStores());
            g.writeNumberField("spaceTime", r.spaceTime());
            nullableNumber(g, "finalLiveObjects", r.finalLiveObjects());
            nullableNumber(g, "finalLiveBytes", r.finalLiveBytes());
            g.writeNumberField("pauseTotalMs", r.pauseTotalNanos() / 1e6);
            g.writeNumberField("pauseMaxMs", r.pauseMaxNanos() / 1e6);
            PausePercentiles p = r.pausePercentiles();
            g.writeNumberField("pauseP50Ms", p.p50Nanos() / 1e6);
            g.writeNumberField("pauseP90Ms", p.p90Nanos() / 1e6);
            g.writeNumberField("pauseP99Ms", p.p99Nanos() / 1e6);
            g.writeNumberField("pauseP999Ms", p.p999Nanos() / 1e6);
            g.writeNumberField("closureTotalMs", r.closureTotalNanos() / 1e6);
            g.writeNumberField("wallMs", r.wallNanos() / 1e6);
            if (r.parallel() != null) {
                g.writeNumberField("mutatorThreads", r.parallel().threads());
                g.writeNumberField("recordsReplayed", r.parallel().records());
                g.writeNumberField("dependencyWaits", r.parallel().waits());
                g.writeNumberField("windowWaits", r.parallel().windowWaits());
                g.writeNumberField("mutatorWaitMs", r.parallel().waitNanos() / 1e6);
            }
            mmu(g, r.mutatorUtilization());
            g.writeObjectFieldStart("pausesByKind");
            for (KindPauses k : KindPauses.of(r.collections())) {
                g.writeObjectFieldStart(k.kind());
                g.writeNumberField("count", k.count());
                g.writeNumberField("totalMs", k.totalNanos() / 1e6);
                g.writeNumberField("maxMs", k.maxNanos() / 1e6);
                g.writeNumberField("p99Ms", k.p99Nanos() / 1e6);
                g.writeEndObject();
            }
            g.writeEndObject();
            Map<String, Long> cycles = CycleTotals.of(r.collections());
            if (!cycles.isEmpty()) {
                g.writeObjectFieldStart("concurrentCycles");
                for (Map.Entry<String, Long> e : cycles.entrySet()) {
                    g.writeNumberField(e.getKey(), e.getValue());
                }
                g.writeEndObject();
            }
            g.writeBooleanField("outOfMemory", r.isOutOfMemory());
            if (r.isOutOfMemory()) {
                g.writeStringField("outOfMemoryMessage", r.outOfMemory());
            }
            metadata(g, r);
            g.writeObjectFieldStart("plugins");
            for (Map.Entry<String, Map<String, Number>> plugin : r.plugins().entrySet()) {
                g.writeObjectFieldStart(plugin.getKey());
                for (Map.Entry<String, Number> e : plugin.getValue().entrySet()) {
                    Json.number(g, e.getKey(), e.getValue());
                }
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeArrayFieldStart("collections");
            for (GcRecord c : r.collections()) {
                gc(g, c, r.fragmentationBytes(c));
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.println();
        out.flush();
    }

    /** Each side table's bytes at the end of the run (space null for a global table) and their total. */
    private static void metadata(JsonGenerator g, RunResult r) throws IOException {
        g.writeNumberField("metadataBytes", r.metadataBytes());
        g.writeArrayFieldStart("metadata");
        for (SideMetadataRegistry.Usage u : r.metadata()) {
            g.writeStartObject();
            g.writeStringField("space", u.space());
            g.writeStringField("spec", u.spec().name());
            g.writeStringField("scope", u.spec().global() ? "global" : "local");
            g.writeStringField("unit", u.spec().unit());
            g.writeNumberField("unitBytes", 1L << u.spec().logBytesPerUnit());
            g.writeNumberField("bitsPerUnit", u.spec().bitsPerUnit());
            g.writeStringField("mapped", u.lazy() ? "lazy" : "dense");
            g.writeNumberField("bytes", u.bytes());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void geometry(JsonGenerator g, HeapGeometry geometry) throws IOException {
        g.writeObjectFieldStart("heapGeometry");
        g.writeNumberField("pageBytes", geometry.pageBytes());
        g.writeNumberField("blockBytes", geometry.blockBytes());
        g.writeNumberField("immixBlockBytes", geometry.immixBlockBytes());
        g.writeNumberField("lineBytes", geometry.lineBytes());
        g.writeNumberField("tlabBytes", geometry.bufferBytes());
        g.writeNumberField("largeObjectBytes", geometry.largeObjectThreshold());
        g.writeEndObject();
    }

    private static void mmu(JsonGenerator g, MutatorUtilization u) throws IOException {
        g.writeArrayFieldStart("mmu");
        for (long ms : MutatorUtilization.reportedWindowsMs()) {
            g.writeStartObject();
            g.writeNumberField("windowMs", ms);
            g.writeNumberField("utilization", u.mmu(ms * 1_000_000));
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void gc(JsonGenerator g, GcRecord c, long fragmentationBytes) throws IOException {
        g.writeStartObject();
        g.writeNumberField("gc", c.gc());
        g.writeStringField("kind", c.kind());
        g.writeStringField("reason", c.reason());
        g.writeNumberField("allocatedBefore", c.allocatedBefore());
        g.writeNumberField("startMs", c.startNanos() / 1e6);
        g.writeNumberField("endMs", c.endNanos() / 1e6);
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
        g.writeNumberField("fragmentationBytes", fragmentationBytes);
        for (Map.Entry<String, Long> e : c.planStats().entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
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
