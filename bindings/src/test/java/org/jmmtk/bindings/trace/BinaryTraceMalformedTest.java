package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A malformed binary trace is rejected with {@code file: byte <offset>: reason}, the offset of the bad
 * record; one that is also cut says that it is truncated, with the first error in parentheses.
 */
class BinaryTraceMalformedTest {
    /** Magic and version. */
    private static final int HEADER_BYTES = 5;
    /** The first allocation of {@link #twoAllocations}: 'A' and five one-byte varints. */
    private static final int FIRST_RECORD_BYTES = 6;

    @TempDir
    Path dir;

    /** The bytes of a binary trace holding two allocations; {@code secondAt} receives where the second starts. */
    private static byte[] twoAllocations(int[] secondAt) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BinaryTraceWriter writer = new BinaryTraceWriter(bytes)) {
            writer.alloc(0, 1, 32, 0, 0);
            writer.alloc(0, 300, 1000, 2, 0);
        }
        secondAt[0] = HEADER_BYTES + FIRST_RECORD_BYTES;
        return bytes.toByteArray();
    }

    /** {@code records} (a header and records) followed by a matching end record, so that only their own errors show. */
    private static byte[] withEnd(byte[] records) {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(records);
        byte[] end = new EndRecord(1, 0, 0, (int) crc.getValue()).binary();
        byte[] all = Arrays.copyOf(records, records.length + end.length);
        System.arraycopy(end, 0, all, records.length, end.length);
        return all;
    }

    private Path file(String name, byte[] content) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, content);
        return file;
    }

    private static void assertBinaryError(Path file, long offset, String reason, TraceSource source) {
        TraceException e = assertThrows(TraceException.class, () -> source.replay(new RecordingEvents()));
        assertEquals(file + ": byte " + offset + ": " + reason, e.getMessage());
    }

    @Test
    void wellFormedBytesAreRead() throws IOException {
        Path file = file("ok.jtb", twoAllocations(new int[1]));
        assertEquals(List.of("A 0 1 32 0 0", "A 0 300 1000 2 0"), TraceFiles.read(file).events());
    }

    @Test
    void endRecordCutIsRejectedAtItsStart() throws IOException {
        byte[] whole = twoAllocations(new int[1]);
        Path file = file("cut.jtb", Arrays.copyOf(whole, whole.length - 1));
        assertBinaryError(file, whole.length - EndRecord.BINARY_SIZE, "truncated: the end record is cut (32 of its 33 bytes)",
                TraceFormat.open(file));
    }

    @Test
    void recordCutInsideAVarintIsTruncation() throws IOException {
        int[] secondAt = new int[1];
        byte[] whole = twoAllocations(secondAt);
        Path file = file("cut.jtb", Arrays.copyOf(whole, secondAt[0] + 3));
        TraceException e = assertThrows(TraceException.class, () -> TraceFiles.read(file));
        assertEquals(file + ": truncated: no end record (the trace ends at byte " + (secondAt[0] + 3) + ") (replay "
                + "stopped at byte " + secondAt[0] + ": truncated record at end of file)", e.getMessage());
    }

    @Test
    void truncatedGzippedTraceNamesTheUncompressedOffset() throws IOException {
        int[] secondAt = new int[1];
        byte[] whole = twoAllocations(secondAt);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(gz)) {
            out.write(whole, 0, secondAt[0] + 2);
        }
        Path file = file("cut.jtb.gz", gz.toByteArray());
        TraceException e = assertThrows(TraceException.class, () -> TraceFiles.read(file));
        assertEquals(file + ": truncated: no end record (the trace ends at byte " + (secondAt[0] + 2) + ") (replay "
                + "stopped at byte " + secondAt[0] + ": truncated record at end of file)", e.getMessage());
    }

    @Test
    void badMagicIsRejected() throws IOException {
        byte[] bytes = twoAllocations(new int[1]);
        bytes[3] = 'X';
        Path file = file("magic.jtb", bytes);
        assertBinaryError(file, 0, "not a binary jmmtk trace (bad magic)", new BinaryTraceReader(file));
    }

    @Test
    void fileWithoutTheMagicIsReadAsText() throws IOException {
        byte[] bytes = twoAllocations(new int[1]);
        bytes[0] = 'j';
        Path file = file("magic.jtb", bytes);
        TraceException e = assertThrows(TraceException.class, () -> TraceFiles.read(file));
        assertEquals(file + ":1", e.where());
    }

    @Test
    void unknownVersionIsRejected() throws IOException {
        byte[] bytes = twoAllocations(new int[1]);
        bytes[4] = 3;
        Path file = file("version.jtb", bytes);
        assertBinaryError(file, 0, "unsupported trace version 3 (this jmmtk reads versions 1 and 2)", TraceFormat.open(file));
    }

    @Test
    void unknownRecordCodeIsRejected() throws IOException {
        int[] secondAt = new int[1];
        byte[] whole = twoAllocations(secondAt);
        byte[] records = Arrays.copyOf(whole, whole.length - EndRecord.BINARY_SIZE);
        records[secondAt[0]] = 'Z';
        Path file = file("code.jtb", withEnd(records));
        assertBinaryError(file, secondAt[0], "unknown record code 0x5a", TraceFormat.open(file));
    }

    @Test
    void sizeZeroIsRejected() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BinaryTraceWriter writer = new BinaryTraceWriter(bytes)) {
            writer.alloc(0, 1, 32, 0, 0);
            writer.alloc(0, 2, 0, 0, 0);
        }
        Path file = file("size.jtb", bytes.toByteArray());
        assertBinaryError(file, HEADER_BYTES + 6, "size must be positive", TraceFormat.open(file));
    }

    @Test
    void objectIdZeroIsRejected() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BinaryTraceWriter writer = new BinaryTraceWriter(bytes)) {
            writer.perfectPoint();
            writer.alloc(0, 0, 32, 0, 0);
        }
        Path file = file("id.jtb", bytes.toByteArray());
        assertBinaryError(file, HEADER_BYTES + 1, "object id must be positive", TraceFormat.open(file));
    }

    @Test
    void rootSlotTooLargeIsRejected() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BinaryTraceWriter writer = new BinaryTraceWriter(bytes)) {
            writer.collect();
            writer.root(0, TraceFormat.MAX_ROOT_SLOT + 1, 0);
        }
        Path file = file("root.jtb", bytes.toByteArray());
        assertBinaryError(file, HEADER_BYTES + 1, "root slot " + (TraceFormat.MAX_ROOT_SLOT + 1)
                + " is out of range 0.." + TraceFormat.MAX_ROOT_SLOT, TraceFormat.open(file));
    }

    @Test
    void overlongVarintIsRejected() throws IOException {
        byte[] bytes = new byte[HEADER_BYTES + 1 + 10];
        System.arraycopy(TraceFormat.BINARY_MAGIC, 0, bytes, 0, 4);
        bytes[4] = TraceFormat.VERSION;
        bytes[5] = 'D';
        Arrays.fill(bytes, 6, bytes.length, (byte) 0x80);
        Path file = file("varint.jtb", withEnd(bytes));
        assertBinaryError(file, HEADER_BYTES, "object id is not a valid varint", TraceFormat.open(file));
    }

    @Test
    void varintBeyondSixtyFourBitsIsRejected() throws IOException {
        byte[] bytes = new byte[HEADER_BYTES + 1 + 10];
        System.arraycopy(TraceFormat.BINARY_MAGIC, 0, bytes, 0, 4);
        bytes[4] = TraceFormat.VERSION;
        bytes[5] = 'D';
        Arrays.fill(bytes, 6, bytes.length - 1, (byte) 0xff);
        bytes[bytes.length - 1] = 0x02;
        Path file = file("wide.jtb", withEnd(bytes));
        assertBinaryError(file, HEADER_BYTES, "object id does not fit in 64 bits", TraceFormat.open(file));
    }
}
