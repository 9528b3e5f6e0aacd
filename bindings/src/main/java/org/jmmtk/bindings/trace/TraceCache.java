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
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A small text file beside a trace file ({@code <trace><suffix>}) caching what was computed from it: a
 * comment line, the SHA-256 of the trace's bytes, then one {@code key value} line per field, neither
 * with white space. Its fields are valid only while the hash matches. Writing is best effort (a temporary
 * file renamed into place, so a reader never sees half a file); a read-only directory or a broken cache
 * file only means computing again. Used by one thread at a time; a cache written by two processes at once
 * keeps one of them, whole.
 */
public final class TraceCache {
    private final Path trace;
    private final Path file;
    private final String sha256;

    private TraceCache(Path trace, String suffix, String sha256) {
        this.trace = trace;
        this.file = trace.resolveSibling(trace.getFileName() + suffix);
        this.sha256 = sha256;
    }

    /** The cache {@code <trace><suffix>}, keyed by the SHA-256 of the trace's current content (read once here). */
    public static TraceCache of(Path trace, String suffix) throws IOException {
        return new TraceCache(trace, suffix, sha256(trace));
    }

    /** The cache file. */
    public Path file() {
        return file;
    }

    /** The trace file. */
    public Path trace() {
        return trace;
    }

    /** The fields of the cache file in file order, or none if it is missing, unreadable or of another content. */
    public Map<String, String> read() {
        Map<String, String> fields = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] kv = line.trim().split("\\s+");
                if (kv.length == 2 && !line.startsWith("#")) {
                    fields.put(kv[0], kv[1]);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return Map.of();
        }
        if (!sha256.equals(fields.remove("sha256"))) {
            return Map.of();
        }
        return fields;
    }

    /**
     * Replaces the cache file with {@code comment} (one line, after {@code # }), this trace's hash and
     * {@code fields}; false (and nothing left behind) if it could not.
     */
    public boolean write(String comment, Map<String, String> fields) {
        StringBuilder text = new StringBuilder("# ").append(comment.replace('\n', ' ')).append('\n');
        text.append("sha256 ").append(sha256).append('\n');
        fields.forEach((k, v) -> text.append(k).append(' ').append(v).append('\n'));
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
