package org.jmmtk.bindings.trace;

import static org.jmmtk.bindings.trace.TraceFiles.assertTraceError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A malformed text trace is rejected with exactly {@code file:line: reason}, naming the first bad line. */
class TextTraceMalformedTest {
    private static final long MAX_ID = ObjectModel.MAX_OBJECT_ID;

    @TempDir
    Path dir;

    /** Writes the header, a valid allocation of object 1 on line 2, then {@code bad} on line 3; reads it. */
    private void assertRejected(String bad, String reason) throws IOException {
        Path file = TraceFiles.text(dir, "bad.trace", "A 0 1 32 2", bad, "A 0 2 32 0");
        assertTraceError(file, 3, reason, () -> TraceFiles.read(file));
    }

    @Test
    void firstLineThatIsARecordIsNotAHeader() throws IOException {
        Path file = TraceFiles.write(dir, "t.trace", "A 0 1 32 0");
        assertTraceError(file, 1, "not a jmmtk trace: expected '#jmmtk-trace 2' on line 1",
                () -> TraceFiles.read(file));
    }

    @Test
    void misspelledHeaderIsRejected() throws IOException {
        Path file = TraceFiles.write(dir, "t.trace", "#jmmtk-trace1", "A 0 1 32 0");
        assertTraceError(file, 1, "not a jmmtk trace: expected '#jmmtk-trace 2' on line 1",
                () -> TraceFiles.read(file));
    }

    @Test
    void commentBeforeTheHeaderIsRejected() throws IOException {
        Path file = TraceFiles.write(dir, "t.trace", "# made by hand", TraceFormat.TEXT_HEADER, "A 0 1 32 0");
        assertTraceError(file, 1, "not a jmmtk trace: expected '#jmmtk-trace 2' on line 1",
                () -> TraceFiles.read(file));
    }

    @Test
    void unknownVersionIsRejected() throws IOException {
        Path file = TraceFiles.write(dir, "t.trace", "#jmmtk-trace 3", "A 0 1 32 0");
        assertTraceError(file, 1, "unsupported trace version '3' (this jmmtk reads versions 1 and 2)",
                () -> TraceFiles.read(file));
    }

    @Test
    void emptyFileIsRejected() throws IOException {
        Path file = dir.resolve("empty.trace");
        Files.createFile(file);
        assertTraceError(file, 1, "empty file: not a jmmtk trace (expected '#jmmtk-trace 2' on line 1)",
                () -> TraceFiles.read(file));
    }

    @Test
    void corruptGzipIsABadTraceNamingTheFile() throws IOException {
        Path good = TraceFiles.text(dir, "t.trace", "A 0 1 32 0", "A 0 2 32 0");
        byte[] gz = TraceFiles.gzip(Files.readAllBytes(good));
        Path file = dir.resolve("cut.trace.gz");
        Files.write(file, java.util.Arrays.copyOf(gz, gz.length / 2));
        TraceException e = assertThrows(TraceException.class, () -> TraceFiles.read(file));
        assertTrue(e.getMessage().startsWith(file + ": corrupt compressed data"), e.getMessage());
    }

    @Test
    void missingFileIsRejected() {
        Path file = dir.resolve("absent.trace");
        TraceException e = assertThrows(TraceException.class, () -> TraceFormat.open(file));
        assertEquals(file + ": no such trace file", e.getMessage());
    }

    @ParameterizedTest(name = "[{0}]")
    @CsvSource(delimiter = '|', value = {
        "Q 1|unknown record 'Q'",
        "a 0 2 32 0|unknown record 'a'",
        "AW 0 2 32 0|unknown record 'AW'",
        "1 0 2 32 0|unknown record '1'",
    })
    void unknownRecordLetterIsRejected(String line, String reason) throws IOException {
        assertRejected(line, reason);
    }

    @ParameterizedTest(name = "[{0}]")
    @CsvSource(delimiter = '|', value = {
        "A 0 3 32|record A needs 5 or 6 fields, found 4",
        "A 0 3 32 0 1 9|record A needs 5 or 6 fields, found 7",
        "A 0 3 32 0 1 9 9 9|record A needs 5 or 6 fields, found more than 7",
        "W 0 1 0|record W needs 5 fields, found 4",
        "W 0 1 0 0 0|record W needs 5 fields, found 6",
        "R 0 0|record R needs 4 fields, found 3",
        "R 0 0 1 1|record R needs 4 fields, found 5",
        "G 0|record G needs 3 fields, found 2",
        "G 0 1 1|record G needs 3 fields, found 4",
        "D|record D needs 2 fields, found 1",
        "D 1 1|record D needs 2 fields, found 3",
        "P 1|record P needs 1 field, found 2",
        "C 1|record C needs 1 field, found 2",
        "T 1|record T needs a type id and a name",
    })
    void wrongFieldCountIsRejected(String line, String reason) throws IOException {
        assertRejected(line, reason);
    }

    @ParameterizedTest(name = "[{0}]")
    @CsvSource(delimiter = '|', value = {
        "A 0 x 32 0|object id 'x' is not a non-negative integer",
        "A 0 -3 32 0|object id '-3' is not a non-negative integer",
        "A 0 3 32.0 0|size '32.0' is not a non-negative integer",
        "A 0 3 32 two|reference slot count 'two' is not a non-negative integer",
        "A zero 3 32 0|thread 'zero' is not a non-negative integer",
        "A 0 3 32 0 t|type id 't' is not a non-negative integer",
        "A 0 99999999999999999999 32 0|object id '99999999999999999999' is not a non-negative integer",
        "A 9999999999999999999 3 32 0|thread '9999999999999999999' is not a non-negative integer",
        "W 0 1 0 9999999999999999999|target object id '9999999999999999999' is not a non-negative integer",
        "W 0 1 0 0x1|target object id '0x1' is not a non-negative integer",
        "W 0 1 +1 0|slot '+1' is not a non-negative integer",
        "R 0 slot 1|root slot 'slot' is not a non-negative integer",
        "G 0 one|target object id 'one' is not a non-negative integer",
        "D 1e3|object id '1e3' is not a non-negative integer",
        "T x Name|type id 'x' is not a non-negative integer",
    })
    void nonNumericFieldIsRejected(String line, String reason) throws IOException {
        assertRejected(line, reason);
    }

    @Test
    void objectIdZeroIsRejectedInAllocation() throws IOException {
        assertRejected("A 0 0 32 0", "object id 0 is out of range 1.." + MAX_ID);
    }

    @Test
    void sourceIdZeroIsRejectedInStore() throws IOException {
        assertRejected("W 0 0 0 1", "source object id 0 is out of range 1.." + MAX_ID);
    }

    @Test
    void objectIdZeroIsRejectedInDeath() throws IOException {
        assertRejected("D 0", "object id 0 is out of range 1.." + MAX_ID);
    }

    @Test
    void sizeZeroIsRejected() throws IOException {
        assertRejected("A 0 3 0 0", "size 0 is out of range 1.." + ObjectModel.MAX_TRACE_BYTES);
    }

    @Test
    void sizeTooLargeIsRejected() throws IOException {
        long size = ObjectModel.MAX_TRACE_BYTES + 1;
        assertRejected("A 0 3 " + size + " 0", "size " + size + " is out of range 1.." + ObjectModel.MAX_TRACE_BYTES);
    }

    @Test
    void tooManyReferenceSlotsAreRejected() throws IOException {
        int slots = ObjectModel.MAX_REF_SLOTS + 1;
        assertRejected("A 0 3 32 " + slots,
                "reference slot count " + slots + " is out of range 0.." + ObjectModel.MAX_REF_SLOTS);
    }

    @Test
    void slotIndexBeyondTheFormatIsRejected() throws IOException {
        int slot = ObjectModel.MAX_REF_SLOTS + 1;
        assertRejected("W 0 1 " + slot + " 0", "slot " + slot + " is out of range 0.." + ObjectModel.MAX_REF_SLOTS);
    }

    @Test
    void rootSlotTooLargeIsRejected() throws IOException {
        int slot = TraceFormat.MAX_ROOT_SLOT + 1;
        assertRejected("R 0 " + slot + " 1", "root slot " + slot + " is out of range 0.." + TraceFormat.MAX_ROOT_SLOT);
    }

    @Test
    void globalRootSlotTooLargeIsRejected() throws IOException {
        int slot = TraceFormat.MAX_ROOT_SLOT + 1;
        assertRejected("G " + slot + " 1",
                "global root slot " + slot + " is out of range 0.." + TraceFormat.MAX_ROOT_SLOT);
    }

    @Test
    void threadBeyondIntIsRejected() throws IOException {
        assertRejected("A 2147483648 3 32 0", "thread 2147483648 is out of range 0.." + Integer.MAX_VALUE);
    }

    @Test
    void badLineInAGzippedTraceIsLocated() throws IOException {
        Path file = dir.resolve("bad.trace.gz");
        try (TraceWriter writer = TraceWriter.create(file, false)) {
            writer.alloc(0, 1, 32, 0, 0);
            writer.alloc(0, 2, 32, 0, 0);
            writer.alloc(0, 0, 32, 0, 0);
        }
        assertTraceError(file, 4, "object id 0 is out of range 1.." + MAX_ID, () -> TraceFiles.read(file));
    }

    @Test
    void lastLineWithoutNewlineIsStillLocated() throws IOException {
        Path file = dir.resolve("t.trace");
        Files.writeString(file, TraceFormat.TEXT_HEADER_V1 + "\nA 0 1 32 0\nZ");
        assertTraceError(file, 3, "unknown record 'Z'", () -> TraceFiles.read(file));
    }
}
