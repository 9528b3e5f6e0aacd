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

/** A malformed binary trace is rejected with {@code file: byte <offset>: reason}, the offset of the bad record. */
class BinaryTraceMalformedTest {
    /** Magic and version. */
    private static final int HEADER_BYTES = 5;

    @TempDir
    Path dir;

    /** The bytes of a binary trace holding two allocations; {@code secondAt} receives where the second starts. */
    private static byte[] twoAllocations(int[] secondAt) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BinaryTraceWriter writer = new BinaryTraceWriter(bytes)) {
            writer.alloc(0, 1, 32, 0, 0);
            secondAt[0] = bytes.size();
            writer.alloc(0, 300, 1000, 2, 0);
        }
        return bytes.toByteArray();
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
    void truncatedRecordIsRejectedAtItsStart() throws IOException {
        int[] secondAt = new int[1];
        byte[] whole = twoAllocations(secondAt);
        Path file = file("cut.jtb", Arrays.copyOf(whole, whole.length - 1));
        assertEquals(HEADER_BYTES + 6, secondAt[0]);
        assertBinaryError(file, secondAt[0], "truncated record at end of file", TraceFormat.open(file));
    }

    @Test
    void recordCutInsideAVarintIsRejected() throws IOException {
        int[] secondAt = new int[1];
        byte[] whole = twoAllocations(secondAt);
        Path file = file("cut.jtb", Arrays.copyOf(whole, secondAt[0] + 3));
        assertBinaryError(file, secondAt[0], "truncated record at end of file", TraceFormat.open(file));
    }

    @Test
    void truncatedGzippedTraceNamesTheUncompressedOffset() throws IOException {
        int[] secondAt = new int[1];
        byte[] whole = twoAllocations(secondAt);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(gz)) {
            out.write(whole, 0, whole.length - 2);
        }
        Path file = file("cut.jtb.gz", gz.toByteArray());
        assertBinaryError(file, secondAt[0], "truncated record at end of file", TraceFormat.open(file));
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
        bytes[4] = 2;
        Path file = file("version.jtb", bytes);
        assertBinaryError(file, 0, "unsupported trace version 2 (this jmmtk reads version 1)", TraceFormat.open(file));
    }

    @Test
    void unknownRecordCodeIsRejected() throws IOException {
        int[] secondAt = new int[1];
        byte[] bytes = twoAllocations(secondAt);
        bytes[secondAt[0]] = 'Z';
        Path file = file("code.jtb", bytes);
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
        Path file = file("varint.jtb", bytes);
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
        Path file = file("wide.jtb", bytes);
        assertBinaryError(file, HEADER_BYTES, "object id does not fit in 64 bits", TraceFormat.open(file));
    }
}
