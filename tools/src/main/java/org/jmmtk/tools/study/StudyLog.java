package org.jmmtk.tools.study;

import java.io.PrintWriter;
import java.util.Locale;
import org.jmmtk.tools.output.Progress;

/**
 * How a running study shows its progress: on a terminal, a bar with the time left; otherwise (a batch
 * job's log, a pipe) one plain line per finished task with the count and the time left. Worker threads
 * report to it; it serialises what they say.
 */
final class StudyLog implements AutoCloseable {
    private final PrintWriter err;
    private final int total;
    private final boolean lines;
    private final long start = System.nanoTime();
    private final Progress bar;
    private int finished;
    private int ok;
    private int oom;
    private int failed;

    /** A log of {@code total} tasks, plain lines when {@code lines} (else a bar). */
    StudyLog(PrintWriter err, int total, boolean lines) {
        this.err = err;
        this.total = total;
        this.lines = lines;
        this.bar = lines ? null : Progress.withEta("study: 0/" + total, this::fraction);
    }

    synchronized void finished(TaskResult r) {
        finished++;
        switch (r.outcome()) {
            case OK -> ok++;
            case OOM -> oom++;
            case FAILED -> failed++;
            default -> throw new IllegalStateException();
        }
        if (lines) {
            double elapsed = (System.nanoTime() - start) / 1e9;
            long left = (long) (elapsed / finished * (total - finished));
            err.printf(Locale.ROOT, "study: [%d/%d] %s: %s in %.1f s%s; ETA %s%n", finished, total, r.task().name(),
                    describe(r), r.seconds(), r.outcome() == Outcome.FAILED ? ": " + oneLine(r.message()) : "",
                    Progress.clock(left));
            err.flush();
        } else {
            bar.label(String.format(Locale.ROOT, "study: %d/%d (%d ok, %d out of memory, %d failed)", finished, total,
                    ok, oom, failed));
        }
    }

    private static String describe(TaskResult r) {
        return switch (r.outcome()) {
            case OK -> "ok";
            case OOM -> "out of memory";
            case FAILED -> "FAILED (exit " + r.exitCode() + ")";
        };
    }

    private static String oneLine(String message) {
        String m = message == null ? "" : message.lines().reduce((a, b) -> b).orElse("");
        return m.length() <= 200 ? m : m.substring(0, 200) + "...";
    }

    private synchronized double fraction() {
        return total == 0 ? 1 : (double) finished / total;
    }

    synchronized int ok() {
        return ok;
    }

    synchronized int oom() {
        return oom;
    }

    synchronized int failed() {
        return failed;
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
