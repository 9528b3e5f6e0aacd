package org.jmmtk.tools.output;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A tiny CSV writer: a header, then rows of numbers and strings (quoted when needed). Written through
 * an {@link OutputFile}: the file appears, complete, when the writer is closed.
 */
public final class Csv implements AutoCloseable {
    private final OutputFile file;
    private final BufferedWriter out;

    public Csv(Path file, String... header) throws IOException {
        this.file = OutputFile.create(file);
        this.out = Files.newBufferedWriter(this.file.temp(), StandardCharsets.UTF_8);
        row((Object[]) header);
    }

    public void row(Object... cells) throws IOException {
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(cell(cells[i]));
        }
        out.write('\n');
    }

    private static String cell(Object c) {
        if (c instanceof Double || c instanceof Float) {
            return String.format(Locale.ROOT, "%.6g", ((Number) c).doubleValue());
        }
        String s = String.valueOf(c);
        return s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    /** Writes the file into place. */
    @Override
    public void close() throws IOException {
        try (file) {
            out.close();
            file.commit();
        }
    }
}
