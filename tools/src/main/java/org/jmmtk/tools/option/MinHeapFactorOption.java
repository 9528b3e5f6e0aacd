package org.jmmtk.tools.option;

import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.minheap.MinHeaps;

import java.io.IOException;
import java.util.Locale;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --min-heap-factor F}: the heap as F times the plan's minimum heap on the program (the convention of
 * the MMTk community's running-ng and the DaCapo papers), found by {@code minheap}'s search once and then
 * cached ({@link MinHeaps}). Instead of {@code --heap} and {@code --heap-factor}; F below 1 is bad input (the
 * run would run out of memory by definition). Used on the command's thread.
 */
public final class MinHeapFactorOption {
    @Option(names = "--min-heap-factor", paramLabel = "F",
            description = "Heap = F x the plan's minimum heap on the program (F >= 1; found as 'jmmtk minheap' "
                    + "finds it, once, then cached beside the trace; see docs/metrics.md), rounded up; instead of "
                    + "--heap and --heap-factor.")
    Double factor;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /**
     * A heap chosen by minimum-heap factor.
     *
     * @param bytes        the heap: ceil(factor x minimum heap)
     * @param factor       the factor given
     * @param minHeapBytes the plan's minimum heap
     */
    public record Heap(long bytes, double factor, long minHeapBytes) {
        /** For headers: {@code 63,936 bytes = 2 x min heap 31,968}. */
        public String describe() {
            return String.format(Locale.ROOT, "%,d bytes = %s x min heap %,d", bytes,
                    HeapFactorOption.plain(factor), minHeapBytes);
        }
    }

    boolean given() {
        return factor != null;
    }

    /** Bad usage of the option, found before anything runs. */
    public void check() {
        if (factor == null) {
            return;
        }
        for (String other : new String[] {"--heap", "--heap-factor"}) {
            if (command.commandLine().getParseResult().hasMatchedOption(other)) {
                throw new UsageException("give either --min-heap-factor or " + other + ", not both");
            }
        }
        if (!(factor >= 1) || factor.isInfinite()) {
            throw new UsageException("--min-heap-factor must be a finite number of at least 1 (a heap below the "
                    + "minimum heap runs out of memory), got " + HeapFactorOption.plain(factor));
        }
    }

    /**
     * The heap for {@code plan} on {@code src} (the program {@code source} selected) with {@code options}, or
     * null without {@code --min-heap-factor}; {@code configuration} is what else keys its cache, the geometry
     * as given ({@link CollectorOptions#geometryKey()}) and anything the options do not hold.
     */
    public Heap heap(SourceOptions source, TraceSource src, Plans.Entry plan, Options options, String configuration)
            throws IOException {
        if (factor == null) {
            return null;
        }
        check();
        long min = MinHeaps.of(source.trace, src, plan, options, configuration);
        double bytes = HeapFactorOption.heapBytes(factor, min);
        if (bytes > Options.MAX_HEAP_BYTES) {
            throw new UsageException(String.format(Locale.ROOT,
                    "--min-heap-factor %s: %s x min heap %,d bytes is a heap of %s bytes, above %s",
                    HeapFactorOption.plain(factor), HeapFactorOption.plain(factor), min, HeapFactorOption.bytes(bytes),
                    Options.formatBytes(Options.MAX_HEAP_BYTES)));
        }
        return new Heap((long) bytes, factor, min);
    }
}
