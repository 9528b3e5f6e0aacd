package org.jmmtk.bindings.trace;

import static org.jmmtk.bindings.trace.TraceFiles.assertTraceError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shadow heap rejects inconsistent records, and the reader locates its error at the offending line. */
class ShadowHeapConsistencyTest {
    @TempDir
    Path dir;

    private void assertInconsistent(Path file, long line, String reason) {
        assertTraceError(file, line, reason, () -> TraceFormat.open(file).replay(new ShadowHeap()));
    }

    @Test
    void duplicateObjectId() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 0", "A 0 2 32 0", "A 1 1 48 0");
        assertInconsistent(file, 4, "duplicate object id 1");
    }

    @Test
    void storeIntoObjectNeverAllocated() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 1", "W 0 5 0 1");
        assertInconsistent(file, 3, "store into object 5, which was never allocated");
    }

    @Test
    void storeOfTargetNeverAllocated() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 1", "W 0 1 0 9");
        assertInconsistent(file, 3, "reference to object 9, which was never allocated");
    }

    @Test
    void rootToObjectNeverAllocated() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 1", "R 0 0 1", "R 0 1 4");
        assertInconsistent(file, 4, "root reference to object 4, which was never allocated");
    }

    @Test
    void globalToObjectNeverAllocated() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 1", "G 0 4");
        assertInconsistent(file, 3, "global reference to object 4, which was never allocated");
    }

    @Test
    void slotIndexOutOfRange() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 48 2", "W 0 1 1 1", "W 0 1 2 1");
        assertInconsistent(file, 4, "slot 2 is out of range: object 1 has 2 reference slots");
    }

    @Test
    void storeIntoObjectWithoutSlots() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 16 0", "W 0 1 0 0");
        assertInconsistent(file, 3, "slot 0 is out of range: object 1 has 0 reference slots");
    }

    @Test
    void deathOfObjectNeverAllocated() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 16 0", "D 1", "D 2");
        assertInconsistent(file, 4, "death of object 2, which was never allocated");
    }

    @Test
    void inconsistencyInABinaryTraceNamesTheByteOffset() throws IOException {
        Path file = dir.resolve("t.jtb");
        try (TraceWriter writer = TraceWriter.create(file, true)) {
            writer.alloc(0, 1, 32, 0, 0);
            writer.alloc(0, 1, 32, 0, 0);
        }
        TraceException e = assertThrows(TraceException.class, () -> TraceFormat.open(file).replay(new ShadowHeap()));
        assertEquals(file + ": byte 11: duplicate object id 1", e.getMessage());
    }

    @Test
    void errorThrownDirectlyHasNoLocation() {
        ShadowHeap heap = new ShadowHeap();
        heap.alloc(0, 1, 32, 0, 0);
        TraceException e = assertThrows(TraceException.class, () -> heap.alloc(0, 1, 32, 0, 0));
        assertEquals("duplicate object id 1", e.getMessage());
        assertEquals(null, e.where());
    }
}
