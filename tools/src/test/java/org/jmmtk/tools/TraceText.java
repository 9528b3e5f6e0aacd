package org.jmmtk.tools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads a version-2 text trace a command wrote, for tests that compare its records line by line. */
final class TraceText {
    private TraceText() {
    }

    /** The trace's lines without its end record, which must be the last line and count the records before it. */
    static List<String> withoutEnd(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String end = lines.get(lines.size() - 1);
        assertTrue(end.startsWith("E " + (lines.size() - 2) + " "), "the end record counts the records: " + end);
        return lines.subList(0, lines.size() - 1);
    }
}
