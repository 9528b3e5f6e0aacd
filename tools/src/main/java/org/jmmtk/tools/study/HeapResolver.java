package org.jmmtk.tools.study;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.core.Options;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.option.MaxLiveSizes;
import org.jmmtk.tools.option.MinHeapFactorOption;
import org.jmmtk.tools.run.RunCommand;
import picocli.CommandLine;

/**
 * Turns a task's heap into bytes: a size as given, a factor times the program's exact maximum live size
 * (computed once per program in this process, or read from a trace's {@code .maxlive} cache), rounded
 * as {@code run --heap-factor} rounds it, or a factor times the plan's minimum heap on the program with
 * the task's options ({@code minheap}'s search, once per configuration, cached as {@code run
 * --min-heap-factor} caches it), rounded as that rounds it. A heap jmmtk cannot simulate is bad input at the factor's
 * line. Used on the command's thread, before any task starts.
 */
final class HeapResolver {
    /** A task's heap and, for a factor, the maximum live size or the minimum heap it multiplies (else null). */
    record Heap(long bytes, Long maxLiveBytes, Long minHeapBytes) {
    }

    private final ConfigErrors errors;
    private final Map<String, MaxLive.Result> maxLive = new HashMap<>();

    HeapResolver(ConfigErrors errors) {
        this.errors = errors;
    }

    Heap heap(Task task) throws IOException {
        HeapSpec h = task.heap();
        if (h.isMinHeapFactor()) {
            return minHeap(task);
        }
        if (!h.isFactor()) {
            return new Heap(h.bytes(), null, null);
        }
        ProgramSpec p = task.program();
        MaxLive.Result live = maxLive.get(p.name());
        if (live == null) {
            live = MaxLiveSizes.of(p.trace(), p.open());
            maxLive.put(p.name(), live);
        }
        String key = "heapFactors";
        if (live.bytes() == 0) {
            throw errors.at(h.line(), key, "the " + p.describe() + " has no live data, so a factor of it is no heap");
        }
        double bytes = HeapFactorOption.heapBytes(h.factor(), live.bytes());
        if (bytes < Options.MIN_HEAP_BYTES || bytes > Options.MAX_HEAP_BYTES) {
            throw errors.at(h.line(), key, String.format(Locale.ROOT,
                    "%s x max live %,d bytes of the %s is a heap of %s bytes, outside %s..%s",
                    HeapFactorOption.plain(h.factor()), live.bytes(), p.describe(), HeapFactorOption.bytes(bytes),
                    Options.formatBytes(Options.MIN_HEAP_BYTES), Options.formatBytes(Options.MAX_HEAP_BYTES)));
        }
        return new Heap((long) bytes, live.bytes(), null);
    }

    /**
     * A factor of the minimum heap, found as the task's own command line with {@code --min-heap-factor} finds it
     * ({@link RunCommand#minHeap()}: the same options key the same search and cache), so that every task of a
     * program and configuration shares one search, done here before any task starts.
     */
    private Heap minHeap(Task task) throws IOException {
        HeapSpec h = task.heap();
        List<String> args = TaskExecutor.command(task, List.of("--min-heap-factor", HeapFactorOption.plain(h.factor())));
        RunCommand run = new RunCommand();
        CommandLine line = new CommandLine(run).setCaseInsensitiveEnumValuesAllowed(true);
        try {
            line.parseArgs(args.subList(1, args.size()).toArray(String[]::new));
            MinHeapFactorOption.Heap heap = run.minHeap();
            return new Heap(heap.bytes(), null, heap.minHeapBytes());
        } catch (CommandLine.ParameterException | UsageException e) {
            throw errors.at(h.line(), "minHeapFactors", "the " + h.describe() + " of plan " + Quote.of(task.plan().name())
                    + " on the " + task.program().describe() + ": " + e.getMessage());
        }
    }
}
