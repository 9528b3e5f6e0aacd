package org.jmmtk.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Study fixtures for the tests: a tiny matrix whose cells both complete and run out of memory, and a
 * reader of merged CSVs that compares the logical columns (everything but times) of two merges.
 */
public final class Studies {
    /** Two plans x two heap factors on a small random workload: at 1.05 both run out of memory, at 3 both complete. */
    public static final String TINY = """
            # tiny: 4 cells, 2 out of memory
            plans: [semispace, marksweep]
            heapFactors: [1.05, 3]
            workloads:
              - workload: random
                seeds: [1]
                scales: [0.2]
            threads: [1]
            """;

    private Studies() {
    }

    public static Path write(Path dir, String name, String yaml) throws IOException {
        return Files.writeString(dir.resolve(name), yaml);
    }

    /** A merged CSV as rows of column -> cell, in file order. */
    public static List<Map<String, String>> csv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<String> header = List.of(lines.get(0).split(",", -1));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertEquals(header.size(), cells.length, line);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < cells.length; i++) {
                row.put(header.get(i), cells[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * Whether a column is a time or the machine's load, which vary from run to run (everything else is
     * logical and must not): a time's bootstrap bounds ({@code pauseTotalMs.low95}) are times too.
     */
    static boolean isTime(String column) {
        return column.endsWith("Ms") || column.contains("Ms.") || column.startsWith("mmu.")
                || column.equals("loadAverage") || column.equals("busyMachine");
    }

    /** The rows of a merged CSV without their time columns. */
    public static List<Map<String, String>> logical(Path file) throws IOException {
        List<Map<String, String>> rows = csv(file);
        for (Map<String, String> row : rows) {
            row.keySet().removeIf(Studies::isTime);
        }
        assertFalse(rows.isEmpty(), file + " has no rows");
        return rows;
    }
}
