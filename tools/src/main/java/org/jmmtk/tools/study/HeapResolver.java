package org.jmmtk.tools.study;

import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.core.Options;
import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.option.MaxLiveSizes;

/**
 * Turns a task's heap into bytes: a size as given, a factor times the program's exact maximum live size
 * (computed once per program in this process, or read from a trace's {@code .maxlive} cache), rounded
 * as {@code run --heap-factor} rounds it. A heap jmmtk cannot simulate is bad input at the factor's
 * line. Used on the command's thread, before any task starts.
 */
final class HeapResolver {
    /** A task's heap and, for a factor, the maximum live size it multiplies. */
    record Heap(long bytes, Long maxLiveBytes) {
    }

    private final ConfigErrors errors;
    private final Map<String, MaxLive.Result> maxLive = new HashMap<>();

    HeapResolver(ConfigErrors errors) {
        this.errors = errors;
    }

    Heap heap(Task task) throws IOException {
        HeapSpec h = task.heap();
        if (!h.isFactor()) {
            return new Heap(h.bytes(), null);
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
                    "%s x max live %,d bytes of the %s is a heap of %,.0f bytes, outside %s..%s",
                    HeapFactorOption.plain(h.factor()), live.bytes(), p.describe(), bytes,
                    Options.formatBytes(Options.MIN_HEAP_BYTES), Options.formatBytes(Options.MAX_HEAP_BYTES)));
        }
        return new Heap((long) bytes, live.bytes());
    }
}
