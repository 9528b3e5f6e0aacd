package org.jmmtk.tools.option;

import org.jmmtk.tools.output.Progress;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.trace.MaxLiveCache;
import org.jmmtk.bindings.trace.TraceSource;

/**
 * The exact maximum live size of the program a command runs: for a trace file from its
 * {@code .maxlive} cache when the trace is unchanged (else computed and cached), for a workload
 * computed once per name, seed and scale in this process. Shows a progress bar while computing.
 */
public final class MaxLiveSizes {
    private static final Map<String, MaxLive.Result> WORKLOADS = new ConcurrentHashMap<>();

    private MaxLiveSizes() {
    }

    /** The maximum live size of {@code src}, the program {@code source} selected. */
    public static MaxLive.Result of(SourceOptions source, TraceSource src) throws IOException {
        return of(source.trace, src);
    }

    /** The maximum live size of {@code src}: the trace file {@code trace}, or a workload when it is null. */
    public static MaxLive.Result of(Path trace, TraceSource src) throws IOException {
        if (trace == null) {
            try {
                return WORKLOADS.computeIfAbsent(src.describe(), key -> {
                    try {
                        return compute(src);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
        MaxLiveCache cache = MaxLiveCache.of(trace);
        Optional<MaxLive.Result> cached = cache.read();
        if (cached.isPresent()) {
            return cached.get();
        }
        MaxLive.Result result = compute(src);
        cache.write(result);
        return result;
    }

    private static MaxLive.Result compute(TraceSource src) throws IOException {
        try (Progress progress = Progress.start("finding the maximum live size", src::progress)) {
            return MaxLive.of(src);
        }
    }
}
