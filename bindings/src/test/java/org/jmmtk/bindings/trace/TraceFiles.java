package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.function.Executable;

/** Helpers for tests that write small trace files and check where and why reading them fails. */
public final class TraceFiles {
    private TraceFiles() {
    }

    /** Writes {@code lines}, each ended by a newline, to {@code dir/name}. */
    public static Path write(Path dir, String name, String... lines) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return file;
    }

    /** A text trace: the format's header line followed by {@code records}. */
    public static Path text(Path dir, String name, String... records) throws IOException {
        String[] lines = new String[records.length + 1];
        lines[0] = TraceFormat.TEXT_HEADER;
        System.arraycopy(records, 0, lines, 1, records.length);
        return write(dir, name, lines);
    }

    /** All events of the trace file {@code file}. */
    /** {@code bytes} gzipped. */
    public static byte[] gzip(byte[] bytes) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }

    public static RecordingEvents read(Path file) throws IOException {
        RecordingEvents events = new RecordingEvents();
        TraceFormat.open(file).replay(events);
        return events;
    }

    /** Asserts that {@code action} throws a {@link TraceException} saying exactly {@code file:line: reason}. */
    public static TraceException assertTraceError(Path file, long line, String reason, Executable action) {
        TraceException e = assertThrows(TraceException.class, action);
        assertEquals(file + ":" + line + ": " + reason, e.getMessage());
        assertEquals(file + ":" + line, e.where());
        assertEquals(reason, e.reason());
        return e;
    }
}
