package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * The maximum live size of a trace file, cached beside it in {@code <trace>.maxlive}: a small text
 * file with the SHA-256 of the trace file's bytes and the {@link MaxLive.Result}, reused only while
 * the hash matches. Writing is best effort (a temporary file renamed into place); a read-only directory
 * or a broken cache file only means computing again.
 */
public final class MaxLiveCache {
    /** What is appended to the trace's file name. */
    public static final String SUFFIX = ".maxlive";

    private final Path trace;
    private final Path file;
    private final String sha256;

    private MaxLiveCache(Path trace, String sha256) {
        this.trace = trace;
        this.file = trace.resolveSibling(trace.getFileName() + SUFFIX);
        this.sha256 = sha256;
    }

    /** The cache of {@code trace}, keyed by the SHA-256 of its current content (read once here). */
    public static MaxLiveCache of(Path trace) throws IOException {
        return new MaxLiveCache(trace, sha256(trace));
    }

    /** The cache file. */
    public Path file() {
        return file;
    }

    /** The cached result, if the cache file exists, parses and holds this trace's hash. */
    public Optional<MaxLive.Result> read() {
        Map<String, String> fields = new HashMap<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] kv = line.trim().split("\\s+");
                if (kv.length == 2 && !line.startsWith("#")) {
                    fields.put(kv[0], kv[1]);
                }
            }
            if (!sha256.equals(fields.get("sha256"))) {
                return Optional.empty();
            }
            MaxLive.Result r = new MaxLive.Result(Long.parseLong(fields.get("maxLiveBytes")),
                    Long.parseLong(fields.get("maxLiveAtAllocation")),
                    Long.parseLong(fields.get("maxLiveAtBytesAllocated")));
            boolean valid = r.bytes() >= 0 && r.allocation() >= 0 && r.bytesAllocatedBefore() >= 0;
            return valid ? Optional.of(r) : Optional.empty();
        } catch (IOException | UncheckedIOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Writes {@code result} into the cache file; false (and nothing left behind) if it could not. */
    public boolean write(MaxLive.Result result) {
        String text = "# jmmtk maximum live size of " + trace.getFileName()
                + " (docs/metrics.md), valid while the trace's SHA-256 is this one\n"
                + "sha256 " + sha256 + "\n"
                + "maxLiveBytes " + result.bytes() + "\n"
                + "maxLiveAtAllocation " + result.allocation() + "\n"
                + "maxLiveAtBytesAllocated " + result.bytesAllocatedBefore() + "\n";
        Path temp = null;
        try {
            Path dir = file.toAbsolutePath().getParent();
            temp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // nothing more to do: the cache is an optimisation
                }
            }
            return false;
        }
    }

    private static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
