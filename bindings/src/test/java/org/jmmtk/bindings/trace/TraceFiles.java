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

    /**
     * A complete version-2 text trace: the format's header line, {@code records}, and the end record
     * their text makes (records counted as the reader counts them, the checksum of the bytes before it).
     */
    public static Path text(Path dir, String name, String... records) throws IOException {
        String body = TraceFormat.TEXT_HEADER + "\n" + (records.length == 0 ? "" : String.join("\n", records) + "\n");
        Path file = dir.resolve(name);
        Files.writeString(file, body + endLine(body), StandardCharsets.UTF_8);
        return file;
    }

    /** The end record line (with its LF) for the text trace {@code body} (header and records, each line ended). */
    public static String endLine(String body) {
        long records = 0;
        long objects = 0;
        long bytes = 0;
        for (String line : body.lines().skip(1).toList()) {
            String[] f = line.split("#", 2)[0].strip().split("[ \\t]+");
            if (f[0].isEmpty()) {
                continue;
            }
            records++;
            if (f[0].equals("A") && f.length > 3 && f[3].matches("[0-9]{1,18}")) {
                objects++;
                bytes += Long.parseLong(f[3]);
            }
        }
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return "E " + records + " " + objects + " " + bytes + " " + crc.getValue() + "\n";
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

    /**
     * Writes the text trace {@code text} as each of {@code names} in {@code dir} (binary for {@code .jtb},
     * per-thread streams for {@code .jts}, gzipped for {@code .gz}) and asserts that each reads back as
     * {@code records} (the events of {@link RecordingEvents}) and converts back to the same text.
     */
    public static void assertRoundTrips(Path dir, Path text, java.util.List<String> records, String... names)
            throws IOException {
        assertEquals(records, read(text).events());
        for (String name : names) {
            Path out = dir.resolve(name);
            try (TraceWriter w = name.contains(".jts") ? new StreamTraceWriter(out) : TraceWriter.create(out, name.endsWith(".jtb"))) {
                TraceFormat.open(text).replay(w);
            }
            assertEquals(records, read(out).events(), name);
            Path back = dir.resolve(name + ".trace");
            try (TraceWriter w = TraceWriter.create(back, false)) {
                TraceFormat.open(out).replay(w);
            }
            assertEquals(Files.readString(text), Files.readString(back), name + " converted back to text");
        }
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
