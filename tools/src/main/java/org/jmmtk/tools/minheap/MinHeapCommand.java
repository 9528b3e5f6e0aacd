package org.jmmtk.tools.minheap;

import org.jmmtk.tools.error.ErrorHandler;
import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.option.CollectorOptions;
import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.option.MaxLiveSizes;
import org.jmmtk.tools.option.SourceOptions;
import org.jmmtk.tools.option.ThreadsOption;
import org.jmmtk.tools.output.Json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jmmtk minheap}: the smallest heap in which a plan completes a program, to within 1%, and its
 * factor over the program's exact maximum live size (heap fidelity); {@code --plan all} does every plan.
 * Exit 1 if a plan does not complete even in the largest heap jmmtk simulates.
 */
@Command(name = "minheap", sortOptions = false,
        description = {"Find the smallest heap in which a plan completes the program (no simulated out-of-memory), "
                + "to within 1%%, and its factor over the program's exact maximum live size. Starts at twice the "
                + "maximum live size (or at --heap / --heap-factor), doubles until a run completes, then bisects; "
                + "--plan all does every plan. Runs without --sanity unless asked, otherwise as 'run' would."})
public final class MinHeapCommand implements Callable<Integer> {
    static final double PRECISION = MinHeaps.PRECISION;

    @Mixin
    CollectorOptions collector;

    @Mixin
    SourceOptions source;

    @Mixin
    HeapFactorOption heapFactor;

    @Mixin
    ThreadsOption threads;

    @Option(names = "--json", description = "Print the result as one JSON object (fields: docs/metrics.md).")
    boolean json;

    @Spec
    CommandSpec spec;

    /** One plan's search. */
    record Row(String plan, MinHeapSearch.Result result) {
    }

    @Override
    public Integer call() throws Exception {
        List<Plans.Entry> plans = collector.plan().equalsIgnoreCase("all") ? Plans.REGISTRY.all() : List.of(collector.planEntry());
        for (Plans.Entry plan : plans) {
            collector.options(plan, threads.threads);
        }
        TraceSource src = source.open();
        HeapFactorOption.Heap startHeap = heapFactor.heap(source, src);
        MaxLive.Result maxLive = MaxLiveSizes.of(source, src);
        if (maxLive.bytes() == 0) {
            throw new UsageException("the " + source.kind() + " has no live data: every heap holds it");
        }
        long start = startHeap != null ? startHeap.bytes()
                : spec.commandLine().getParseResult().hasMatchedOption("--heap") ? Options.parseSize(collector.heap())
                : MinHeaps.defaultStart(maxLive.bytes());
        List<Row> rows = new ArrayList<>();
        for (Plans.Entry plan : plans) {
            rows.add(new Row(plan.name(), MinHeaps.search(plan, collector.options(plan, threads.threads), src,
                    maxLive.bytes(), start)));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            json(src.describe(), maxLive, rows, out);
        } else {
            table(src.describe(), maxLive, rows, out);
        }
        for (Row row : rows) {
            if (!row.result().found()) {
                return ErrorHandler.fail(spec.commandLine(), "plan " + row.plan() + " does not complete "
                        + src.describe() + " even in a " + Options.formatBytes(Options.MAX_HEAP_BYTES) + " heap",
                        ExitCodes.FAILED);
            }
        }
        return ExitCodes.OK;
    }

    private static double factor(MinHeapSearch.Result r, MaxLive.Result maxLive) {
        return (double) r.minHeapBytes() / maxLive.bytes();
    }

    private static void table(String source, MaxLive.Result maxLive, List<Row> rows, PrintWriter out) {
        out.printf(Locale.ROOT, "minheap: %s, maximum live size %,d bytes; smallest heaps to within %.0f%%%n", source,
                maxLive.bytes(), 100 * PRECISION);
        out.printf(Locale.ROOT, "%-12s %18s %10s %18s %6s%n", "plan", "min heap (bytes)", "factor",
                "failed at (bytes)", "runs");
        for (Row row : rows) {
            MinHeapSearch.Result r = row.result();
            String heap = r.found() ? String.format(Locale.ROOT, "%,d", r.minHeapBytes()) : "-";
            String factor = r.found() ? String.format(Locale.ROOT, "%.2f", factor(r, maxLive)) : "-";
            out.printf(Locale.ROOT, "%-12s %18s %10s %,18d %6d%n", row.plan(), heap, factor, r.failedBelow(), r.runs());
        }
        out.flush();
    }

    private void json(String source, MaxLive.Result maxLive, List<Row> rows, PrintWriter out) throws IOException {
        try (JsonGenerator g = Json.pretty(out)) {
            g.writeStartObject();
            g.writeStringField(this.source.kind(), source);
            g.writeNumberField("maxLiveBytes", maxLive.bytes());
            g.writeNumberField("maxLiveAtAllocation", maxLive.allocation());
            g.writeNumberField("maxLiveAtBytesAllocated", maxLive.bytesAllocatedBefore());
            g.writeNumberField("threads", threads.threads);
            g.writeNumberField("precision", PRECISION);
            g.writeArrayFieldStart("plans");
            for (Row row : rows) {
                MinHeapSearch.Result r = row.result();
                g.writeStartObject();
                g.writeStringField("plan", row.plan());
                if (r.found()) {
                    g.writeNumberField("minHeapBytes", r.minHeapBytes());
                    g.writeNumberField("factor", factor(r, maxLive));
                } else {
                    g.writeNullField("minHeapBytes");
                    g.writeNullField("factor");
                }
                g.writeNumberField("failedHeapBytes", r.failedBelow());
                g.writeNumberField("runs", r.runs());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.println();
        out.flush();
    }
}
