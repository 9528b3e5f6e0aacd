package org.jmmtk.tools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32C;

/** Reads a version-2 text trace a command wrote, for tests that compare its records line by line. */
public final class TraceText {
    private TraceText() {
    }

    /**
     * Writes a version-2 text trace: {@code body} (the header line and records, each line ended) and the
     * end record made by the documented rule (records and allocations counted, CRC-32C of {@code body}).
     */
    public static Path write(Path file, String body) throws IOException {
        long records = 0;
        long objects = 0;
        long bytes = 0;
        for (String line : body.lines().skip(1).toList()) {
            String[] f = line.split("#", 2)[0].strip().split("[ \\t]+");
            if (!f[0].isEmpty()) {
                records++;
                if (f[0].equals("A") && f.length > 3 && f[3].matches("[0-9]{1,18}")) {
                    objects++;
                    bytes += Long.parseLong(f[3]);
                }
            }
        }
        CRC32C crc = new CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return Files.writeString(file, body + "E " + records + " " + objects + " " + bytes + " " + crc.getValue() + "\n");
    }

    /** The trace's lines without its end record, which must be the last line and count the records before it. */
    public static List<String> withoutEnd(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String end = lines.get(lines.size() - 1);
        assertTrue(end.startsWith("E " + (lines.size() - 2) + " "), "the end record counts the records: " + end);
        return lines.subList(0, lines.size() - 1);
    }
}
