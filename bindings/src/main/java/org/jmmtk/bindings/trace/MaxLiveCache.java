package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The maximum live size of a trace file, cached beside it in {@code <trace>.maxlive}: a {@link TraceCache}
 * with the {@link MaxLive.Result}, reused only while the trace's SHA-256 matches. Writing is best effort.
 */
public final class MaxLiveCache {
    /** What is appended to the trace's file name. */
    public static final String SUFFIX = ".maxlive";

    private final TraceCache cache;

    private MaxLiveCache(TraceCache cache) {
        this.cache = cache;
    }

    /** The cache of {@code trace}, keyed by the SHA-256 of its current content (read once here). */
    public static MaxLiveCache of(Path trace) throws IOException {
        return new MaxLiveCache(TraceCache.of(trace, SUFFIX));
    }

    /** The cache file. */
    public Path file() {
        return cache.file();
    }

    /** The cached result, if the cache file exists, parses and holds this trace's hash. */
    public Optional<MaxLive.Result> read() {
        Map<String, String> fields = cache.read();
        try {
            MaxLive.Result r = new MaxLive.Result(Long.parseLong(fields.get("maxLiveBytes")),
                    Long.parseLong(fields.get("maxLiveAtAllocation")),
                    Long.parseLong(fields.get("maxLiveAtBytesAllocated")));
            boolean valid = r.bytes() >= 0 && r.allocation() >= 0 && r.bytesAllocatedBefore() >= 0;
            return valid ? Optional.of(r) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Writes {@code result} into the cache file; false (and nothing left behind) if it could not. */
    public boolean write(MaxLive.Result result) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("maxLiveBytes", Long.toString(result.bytes()));
        fields.put("maxLiveAtAllocation", Long.toString(result.allocation()));
        fields.put("maxLiveAtBytesAllocated", Long.toString(result.bytesAllocatedBefore()));
        return cache.write("jmmtk maximum live size of " + cache.trace().getFileName()
                + " (docs/metrics.md), valid while the trace's SHA-256 is this one", fields);
    }
}
