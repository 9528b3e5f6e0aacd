package org.jmmtk.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file written through {@link AtomicFile} appears whole or not at all. */
class AtomicFileTest {
    @TempDir
    Path dir;

    @Test
    void writesTheWholeFile() throws IOException {
        Path target = dir.resolve("a/b/out.csv");
        AtomicFile.write(target, file -> Files.writeString(file, "x,y\n1,2\n"));
        assertEquals("x,y\n1,2\n", Files.readString(target));
        assertEquals(List.of("out.csv"), MmuCsvTest.names(target.getParent()));
    }

    @Test
    void failedWriteLeavesNoFile() {
        Path target = dir.resolve("out.csv");
        IOException e = assertThrows(IOException.class, () -> AtomicFile.write(target, file -> {
            Files.writeString(file, "half a row");
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertFalse(Files.exists(target));
        assertEquals(0, dir.toFile().list().length);
    }

    @Test
    void failedWriteKeepsTheOldFile() throws IOException {
        Path target = Files.writeString(dir.resolve("out.csv"), "old\n");
        assertThrows(IOException.class, () -> AtomicFile.write(target, file -> {
            Files.writeString(file, "new");
            throw new IOException("disk full");
        }));
        assertEquals("old\n", Files.readString(target));
        assertEquals(List.of("out.csv"), MmuCsvTest.names(dir));
    }
}
