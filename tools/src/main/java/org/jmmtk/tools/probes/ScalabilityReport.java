package org.jmmtk.tools.probes;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.tools.output.Csv;
import org.jmmtk.tools.model.PacketGraph;
import org.jmmtk.tools.model.WorkSpan;

/**
 * Why a collection does not scale, per collection and overall: work, span (the critical path, listed),
 * parallelism = work / span (Cilkview's upper bound on speedup), the same for the closure's epoch alone,
 * the serial part (time when at most one worker ran a packet), idle time per worker by reason
 * ({@link IdleAttribution}), the longest packets and the packet types on the critical paths.
 */
final class ScalabilityReport implements ProbeReport {
    private static final int TOP = 10;
    private static final IdleAttribution.Reason[] REASONS = IdleAttribution.Reason.values();

    /** {@code least}: work and span with each packet at its shortest over the collections ({@link FastestGraph}). */
    private record Row(GcGraph graph, WorkSpan ws, WorkSpan least, long serialNanos, IdleAttribution idle) {
        long pause() {
            return idle.pauseNanos();
        }
    }

    private final List<Row> rows = new ArrayList<>();
    private final int workers;
    private final Map<String, long[]> spanTypes = new LinkedHashMap<>();
    private final List<ProbeEvents.Packet> top;

    ScalabilityReport(ProbeEvents e) {
        workers = e.packets.stream().mapToInt(ProbeEvents.Packet::worker).max().orElse(-1) + 1;
        List<GcGraph> graphs = GcGraph.of(e);
        List<PacketGraph> least = FastestGraph.acrossCollections(graphs);
        for (int i = 0; i < graphs.size(); i++) {
            GcGraph g = graphs.get(i);
            WorkSpan ws = new WorkSpan(g.graph());
            rows.add(new Row(g, ws, new WorkSpan(least.get(i)), serialNanos(g), new IdleAttribution(g, e.buckets, workers)));
            for (WorkSpan.Step s : ws.path()) {
                long[] a = spanTypes.computeIfAbsent(g.graph().type(s.packet()), k -> new long[2]);
                a[0]++;
                a[1] += s.end() - s.start();
            }
        }
        top = e.packets.stream().sorted(Comparator.comparingLong((ProbeEvents.Packet p) -> p.end() - p.start())
                .reversed()).limit(TOP).toList();
    }

    /** Time within the pause when no more than one packet ran. */
    static long serialNanos(GcGraph g) {
        long from = g.gc().start();
        long to = g.gc().end();
        List<long[]> edges = new ArrayList<>();
        for (ProbeEvents.Packet p : g.packets()) {
            edges.add(new long[] {Math.max(from, Math.min(to, p.start())), 1});
            edges.add(new long[] {Math.max(from, Math.min(to, p.end())), -1});
        }
        edges.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        long serial = 0;
        long at = from;
        int running = 0;
        for (long[] x : edges) {
            if (running <= 1) {
                serial += x[0] - at;
            }
            at = x[0];
            running += (int) x[1];
        }
        return serial + (to - at);
    }

    private WorkSpan.Medians medians(Stage stage) {
        return WorkSpan.medians(rows.stream().map(Row::ws).toList(), stage);
    }

    private WorkSpan.Medians leastMedians(Stage stage) {
        return WorkSpan.medians(rows.stream().map(Row::least).toList(), stage);
    }

    /** What the packets' durations are: CPU times when every collection's packets have them. */
    private String packetTimes() {
        return !rows.isEmpty() && rows.stream().allMatch(r -> r.graph().cpuTimes()) ? "CPU time" : "elapsed time";
    }

    private long sum(java.util.function.ToLongFunction<Row> f) {
        return rows.stream().mapToLong(f).sum();
    }

    private long idle(IdleAttribution.Reason r, int worker) {
        return sum(x -> x.idle().idleNanos(worker, r));
    }

    private long idle(Row row, IdleAttribution.Reason r) {
        long n = 0;
        for (int w = 0; w < workers; w++) {
            n += row.idle().idleNanos(w, r);
        }
        return n;
    }

    private static double ratio(long a, long b) {
        return b == 0 ? 1 : (double) a / b;
    }

    private static double pct(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    @Override
    public void table(PrintWriter out) {
        long work = sum(r -> r.ws().work());
        long span = sum(r -> r.ws().span());
        long cWork = sum(r -> r.ws().work(Stage.CLOSURE));
        long cSpan = sum(r -> r.ws().span(Stage.CLOSURE));
        long pause = sum(Row::pause);
        long serial = sum(Row::serialNanos);
        out.printf(Locale.ROOT, "scalability of %d collection%s recorded with %d GC worker%s; work and span in %s%n",
                rows.size(), rows.size() == 1 ? "" : "s", workers, workers == 1 ? "" : "s", packetTimes());
        out.printf(Locale.ROOT, "overall: work %.3f ms, span %.3f ms, parallelism (work/span) %.2f; closure: work %.3f ms, "
                + "span %.3f ms, parallelism %.2f%n", work / 1e6, span / 1e6, ratio(work, span), cWork / 1e6,
                cSpan / 1e6, ratio(cWork, cSpan));
        WorkSpan.Medians all = medians(null);
        WorkSpan.Medians closure = medians(Stage.CLOSURE);
        out.printf(Locale.ROOT, "median collection: work %.3f ms, span %.3f ms, parallelism %.2f; closure: work %.3f ms, "
                + "span %.3f ms, parallelism %.2f (as the collections ran: moves with each recording's stalls)%n",
                all.work() / 1e6, all.span() / 1e6, all.parallelism(), closure.work() / 1e6, closure.span() / 1e6,
                closure.parallelism());
        WorkSpan.Medians leastAll = leastMedians(null);
        WorkSpan.Medians leastClosure = leastMedians(Stage.CLOSURE);
        out.printf(Locale.ROOT, "least packet costs, median collection: work %.3f ms, span %.3f ms, parallelism %.2f; "
                + "closure: work %.3f ms, span %.3f ms, parallelism %.2f (each packet at its shortest over the "
                + "collections it appears in: the bound for sweep's speedups, stable across recordings)%n",
                leastAll.work() / 1e6, leastAll.span() / 1e6, leastAll.parallelism(), leastClosure.work() / 1e6,
                leastClosure.span() / 1e6, leastClosure.parallelism());
        out.printf(Locale.ROOT, "pauses %.3f ms; serial part (at most one packet running) %.3f ms = %.1f%% of the pauses%n%n",
                pause / 1e6, serial / 1e6, pct(serial, pause));
        out.printf("%5s %10s %8s %10s %10s %7s %10s %7s %10s", "gc", "pause ms", "packets", "work ms", "span ms",
                "par.", "closure/sp", "c.par.", "serial ms");
        for (IdleAttribution.Reason r : REASONS) {
            out.printf(" %12s", r.label);
        }
        out.println();
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%5d %10.3f %,8d %10.3f %10.3f %7.2f %10.3f %7.2f %10.3f", r.graph().gc().gc(),
                    r.pause() / 1e6, r.graph().packets().size(), r.ws().work() / 1e6, r.ws().span() / 1e6,
                    r.ws().parallelism(), r.ws().span(Stage.CLOSURE) / 1e6, r.ws().parallelism(Stage.CLOSURE),
                    r.serialNanos() / 1e6);
            for (IdleAttribution.Reason reason : REASONS) {
                out.printf(Locale.ROOT, " %12.3f", idle(r, reason) / 1e6);
            }
            out.println();
        }
        out.printf("(idle columns: ms summed over workers; closure/sp: the closure's span in ms)%n%n");
        out.printf("idle time per worker, ms and %% of the pauses (%.3f ms)%n", pause / 1e6);
        out.printf("%6s %16s", "worker", "busy");
        for (IdleAttribution.Reason r : REASONS) {
            out.printf(" %18s", r.label);
        }
        out.println();
        for (int w = 0; w < workers; w++) {
            int worker = w;
            long busy = sum(x -> x.idle().busyNanos(worker));
            out.printf(Locale.ROOT, "%6d %9.3f %5.1f%%", w, busy / 1e6, pct(busy, pause));
            for (IdleAttribution.Reason r : REASONS) {
                long t = idle(r, w);
                out.printf(Locale.ROOT, " %11.3f %5.1f%%", t / 1e6, pct(t, pause));
            }
            out.println();
        }
        out.printf("%npacket types on the critical paths%n%-24s %8s %12s%n", "type", "packets", "ms");
        spanTypes.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]))
                .forEach(x -> out.printf(Locale.ROOT, "%-24s %,8d %12.3f%n", x.getKey(), x.getValue()[0],
                        x.getValue()[1] / 1e6));
        Row longest = rows.stream().max(Comparator.comparingLong(r -> r.ws().span())).orElse(null);
        if (longest != null) {
            out.printf("%ncritical path of gc %d (the longest span), runs of one type merged:%n", longest.graph().gc().gc());
            printPath(out, longest);
        }
        out.printf("%nlongest packets%n%5s %-24s %-16s %6s %10s%n", "gc", "type", "stage", "worker", "ms");
        for (ProbeEvents.Packet p : top) {
            out.printf(Locale.ROOT, "%5d %-24s %-16s %6d %10.3f%n", p.gc(), p.type(), p.stage(), p.worker(),
                    (p.end() - p.start()) / 1e6);
        }
        out.flush();
    }

    private static void printPath(PrintWriter out, Row r) {
        List<WorkSpan.Step> path = r.ws().path();
        for (int i = 0; i < path.size(); ) {
            String type = r.graph().graph().type(path.get(i).packet());
            WorkSpan.Link link = path.get(i).link();
            int j = i;
            long ms = 0;
            while (j < path.size() && r.graph().graph().type(path.get(j).packet()).equals(type)
                    && (j == i || path.get(j).link() == WorkSpan.Link.SPAWNED)) {
                ms += path.get(j).end() - path.get(j).start();
                j++;
            }
            out.printf(Locale.ROOT, "  %-18s %-24s x%-5d %10.3f ms (from %.3f ms)%n", linkLabel(link), type, j - i,
                    ms / 1e6, path.get(i).start() / 1e6);
            i = j;
        }
    }

    private static String linkLabel(WorkSpan.Link link) {
        return switch (link) {
            case START -> "start";
            case SPAWNED -> "spawned";
            case AFTER_BUCKET_OPEN -> "after bucket open";
        };
    }

    @Override
    public void json(JsonGenerator g) throws IOException {
        long work = sum(r -> r.ws().work());
        long span = sum(r -> r.ws().span());
        long cWork = sum(r -> r.ws().work(Stage.CLOSURE));
        long cSpan = sum(r -> r.ws().span(Stage.CLOSURE));
        long pause = sum(Row::pause);
        g.writeNumberField("workers", workers);
        g.writeStringField("packetTimes", packetTimes());
        g.writeObjectFieldStart("overall");
        g.writeNumberField("pauseMs", pause / 1e6);
        g.writeNumberField("workMs", work / 1e6);
        g.writeNumberField("spanMs", span / 1e6);
        g.writeNumberField("parallelism", ratio(work, span));
        g.writeNumberField("closureWorkMs", cWork / 1e6);
        g.writeNumberField("closureSpanMs", cSpan / 1e6);
        g.writeNumberField("closureParallelism", ratio(cWork, cSpan));
        g.writeNumberField("serialMs", sum(Row::serialNanos) / 1e6);
        g.writeEndObject();
        medianFields(g, "median", medians(null), medians(Stage.CLOSURE));
        medianFields(g, "leastCost", leastMedians(null), leastMedians(Stage.CLOSURE));
        g.writeArrayFieldStart("collections");
        for (Row r : rows) {
            collection(g, r);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("workerIdle");
        for (int w = 0; w < workers; w++) {
            int worker = w;
            g.writeStartObject();
            g.writeNumberField("worker", w);
            g.writeNumberField("busyMs", sum(x -> x.idle().busyNanos(worker)) / 1e6);
            for (IdleAttribution.Reason reason : REASONS) {
                long t = idle(reason, w);
                g.writeNumberField(reason.label + "Ms", t / 1e6);
                g.writeNumberField(reason.label + "Pct", pct(t, pause));
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("spanTypes");
        for (Map.Entry<String, long[]> x : spanTypes.entrySet()) {
            g.writeStartObject();
            g.writeStringField("type", x.getKey());
            g.writeNumberField("packets", x.getValue()[0]);
            g.writeNumberField("ms", x.getValue()[1] / 1e6);
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("topPackets");
        for (ProbeEvents.Packet p : top) {
            g.writeStartObject();
            g.writeNumberField("gc", p.gc());
            g.writeStringField("type", p.type());
            g.writeStringField("stage", p.stage());
            g.writeNumberField("worker", p.worker());
            g.writeNumberField("ms", (p.end() - p.start()) / 1e6);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void medianFields(JsonGenerator g, String name, WorkSpan.Medians all, WorkSpan.Medians closure)
            throws IOException {
        g.writeObjectFieldStart(name);
        g.writeNumberField("workMs", all.work() / 1e6);
        g.writeNumberField("spanMs", all.span() / 1e6);
        g.writeNumberField("parallelism", all.parallelism());
        g.writeNumberField("closureWorkMs", closure.work() / 1e6);
        g.writeNumberField("closureSpanMs", closure.span() / 1e6);
        g.writeNumberField("closureParallelism", closure.parallelism());
        g.writeEndObject();
    }

    private void collection(JsonGenerator g, Row r) throws IOException {
        g.writeStartObject();
        g.writeNumberField("gc", r.graph().gc().gc());
        g.writeNumberField("pauseMs", r.pause() / 1e6);
        g.writeNumberField("packets", r.graph().packets().size());
        g.writeNumberField("workMs", r.ws().work() / 1e6);
        g.writeNumberField("spanMs", r.ws().span() / 1e6);
        g.writeNumberField("parallelism", r.ws().parallelism());
        g.writeNumberField("closureWorkMs", r.ws().work(Stage.CLOSURE) / 1e6);
        g.writeNumberField("closureSpanMs", r.ws().span(Stage.CLOSURE) / 1e6);
        g.writeNumberField("closureParallelism", r.ws().parallelism(Stage.CLOSURE));
        g.writeNumberField("leastWorkMs", r.least().work() / 1e6);
        g.writeNumberField("leastSpanMs", r.least().span() / 1e6);
        g.writeNumberField("leastClosureWorkMs", r.least().work(Stage.CLOSURE) / 1e6);
        g.writeNumberField("leastClosureSpanMs", r.least().span(Stage.CLOSURE) / 1e6);
        g.writeNumberField("serialMs", r.serialNanos() / 1e6);
        g.writeObjectFieldStart("idleMs");
        for (IdleAttribution.Reason reason : REASONS) {
            g.writeNumberField(reason.label, idle(r, reason) / 1e6);
        }
        g.writeEndObject();
        g.writeArrayFieldStart("span");
        for (WorkSpan.Step s : r.ws().path()) {
            ProbeEvents.Packet p = r.graph().packets().get(s.packet());
            g.writeStartObject();
            g.writeStringField("link", linkLabel(s.link()));
            g.writeNumberField("packetId", p.id());
            g.writeStringField("type", p.type());
            g.writeStringField("stage", p.stage());
            g.writeNumberField("startMs", s.start() / 1e6);
            g.writeNumberField("ms", (s.end() - s.start()) / 1e6);
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    @Override
    public List<Path> files(Path dir) throws IOException {
        Path csv = dir.resolve("scalability.csv");
        List<String> header = new ArrayList<>(List.of("gc", "pause_ms", "packets", "work_ms", "span_ms", "parallelism",
                "closure_work_ms", "closure_span_ms", "closure_parallelism", "serial_ms"));
        for (IdleAttribution.Reason r : REASONS) {
            header.add("idle_" + r.label + "_ms");
        }
        try (Csv out = new Csv(csv, header.toArray(String[]::new))) {
            for (Row r : rows) {
                List<Object> cells = new ArrayList<>(List.of(r.graph().gc().gc(), r.pause() / 1e6,
                        r.graph().packets().size(), r.ws().work() / 1e6, r.ws().span() / 1e6, r.ws().parallelism(),
                        r.ws().work(Stage.CLOSURE) / 1e6, r.ws().span(Stage.CLOSURE) / 1e6,
                        r.ws().parallelism(Stage.CLOSURE), r.serialNanos() / 1e6));
                for (IdleAttribution.Reason reason : REASONS) {
                    cells.add(idle(r, reason) / 1e6);
                }
                out.row(cells.toArray());
            }
        }
        return List.of(csv);
    }
}
