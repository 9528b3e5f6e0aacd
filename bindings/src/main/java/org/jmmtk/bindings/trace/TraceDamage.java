package org.jmmtk.bindings.trace;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import java.util.zip.ZipException;

/**
 * Whether a version-2 trace file is cut or altered, judged from its end alone: the last record must be
 * a well-formed end record (the text one followed by its line end) whose checksum matches the bytes
 * before it. Records are not parsed, so a record cut or garbled anywhere cannot mislead it. Used by
 * {@link FileTraceSource} to tell a damaged file from a genuinely inconsistent one when a replay fails
 * before the end; reads the file once, on the thread that replays.
 */
final class TraceDamage {
    private TraceDamage() {
    }

    /** What is wrong with the end of {@code file}, or null when it is intact (or not a version-2 trace). */
    static String of(Path file) throws IOException {
        try (InputStream in = TraceFormat.decompressed(file)) {
            byte[] head = in.readNBytes(TraceFormat.BINARY_MAGIC.length + 1);
            // both binary layouts end with the binary end record
            boolean binary = head.length == TraceFormat.BINARY_MAGIC.length + 1
                    && (TraceFormat.startsWith(head, TraceFormat.BINARY_MAGIC)
                    || TraceFormat.startsWith(head, TraceFormat.STREAMS_MAGIC));
            if (binary) {
                return head[TraceFormat.BINARY_MAGIC.length] == TraceFormat.VERSION ? binary(head, in) : null;
            }
            return text(new SequenceInputStream(new ByteArrayInputStream(head), in));
        } catch (ZipException | EOFException e) {
            return "corrupt compressed data (" + e.getMessage() + ")";
        }
    }

    /** The binary end record is the stream's last {@link EndRecord#BINARY_SIZE} bytes. */
    private static String binary(byte[] head, InputStream in) throws IOException {
        int tail = EndRecord.BINARY_SIZE;
        byte[] buffer = new byte[(1 << 16) + tail];
        CRC32C crc = new CRC32C();
        crc.update(head);
        long length = head.length;
        int held = 0;
        for (int n; (n = in.read(buffer, held, buffer.length - held)) > 0; ) {
            held += n;
            length += n;
            if (held > tail) {
                crc.update(buffer, 0, held - tail);
                System.arraycopy(buffer, held - tail, buffer, 0, tail);
                held = tail;
            }
        }
        EndRecord end = held == tail ? EndRecord.parseBinary(buffer) : null;
        if (end == null) {
            return "truncated: no end record (the trace ends at byte " + length + ")";
        }
        return end.mismatch(new EndRecord(end.records(), end.objects(), end.bytesAllocated(), (int) crc.getValue()));
    }

    /** The text end record is the last line, and that line must end with LF. */
    private static String text(InputStream in) throws IOException {
        LineReader lines = new LineReader(in, true);
        if (!lines.next() || TraceFormat.textVersion(new String(lines.bytes(), 0, Math.min(lines.length(), 256),
                StandardCharsets.UTF_8)) != TraceFormat.VERSION) {
            return null;
        }
        EndRecord end = null;
        int before = 0;
        long last = 1;
        boolean terminated = true;
        try {
            while (lines.next()) {
                last = lines.number();
                terminated = lines.terminated();
                end = EndRecord.parseText(lines.bytes(), lines.length());
                if (end != null) {
                    before = lines.checksumBefore();
                }
            }
        } catch (TraceException e) {
            return null;
        }
        if (end == null) {
            return "truncated: no end record after line " + last;
        }
        if (!terminated) {
            return "truncated: the end record on line " + last + " is cut (it has no line end)";
        }
        return end.mismatch(new EndRecord(end.records(), end.objects(), end.bytesAllocated(), before));
    }
}
