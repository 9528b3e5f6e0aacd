package org.jmmtk.bindings.trace;

import static org.jmmtk.bindings.trace.TraceFiles.assertTraceError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole-line and trailing comments, blank lines, tabs and CRLF are accepted and still count as lines. */
class TextTraceCommentsTest {
    @TempDir
    Path dir;

    @Test
    void commentsAndBlankLinesAreSkipped() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace",
                "# a whole-line comment",
                "",
                "   ",
                "T 3 Node   # the node type",
                "A 0 1 32 1 3 # trailing comment",
                "\tA\t0\t2  32 0",
                "W 0 1 0 2#no blank before the comment",
                "  # indented comment",
                "R 0 0 1",
                "G 5 2 #",
                "P",
                "C # collect now",
                "D 2");
        assertEquals(List.of("T 3 Node", "A 0 1 32 1 3", "A 0 2 32 0 0", "W 0 1 0 2", "R 0 0 1", "G 5 2", "P", "C",
                "D 2"), TraceFiles.read(file).events());
    }

    @Test
    void headerMayCarryATrailingComment() throws IOException {
        Path file = TraceFiles.write(dir, "t.trace", "#jmmtk-trace 1   # written by hand", "A 0 1 32 0");
        assertEquals(List.of("A 0 1 32 0 0"), TraceFiles.read(file).events());
    }

    @Test
    void typeNameKeepsInnerBlanks() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "T 9 a name with blanks  # comment");
        assertEquals(List.of("T 9 a name with blanks"), TraceFiles.read(file).events());
    }

    @Test
    void typeNameMayHaveMoreWordsThanARecordHasFields() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "T 4 one two three four five six seven eight");
        assertEquals(List.of("T 4 one two three four five six seven eight"), TraceFiles.read(file).events());
    }

    @Test
    void windowsLineEndingsAreAccepted() throws IOException {
        Path file = dir.resolve("crlf.trace");
        String body = TraceFormat.TEXT_HEADER + "\r\nA 0 1 32 0\r\nR 0 0 1\r\n";
        Files.writeString(file, body + TraceFiles.endLine(body).replace("\n", "\r\n"));
        assertEquals(List.of("A 0 1 32 0 0", "R 0 0 1"), TraceFiles.read(file).events());
    }

    @Test
    void headerOnlyTraceHasNoEvents() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace");
        assertEquals(List.of(), TraceFiles.read(file).events());
    }

    @Test
    void commentAndBlankLinesCountTowardsLineNumbers() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "# one", "", "A 0 1 32 0 # four", "", "# six", "B 1");
        assertTraceError(file, 7, "unknown record 'B'", () -> TraceFiles.read(file));
    }

    @Test
    void commentDoesNotCountAsAField() throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 #0");
        assertTraceError(file, 2, "record A needs 5 or 6 fields, found 4", () -> TraceFiles.read(file));
    }
}
