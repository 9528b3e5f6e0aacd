package org.jmmtk.tools.study;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.tools.error.UsageException;

/**
 * A CSV file read back (RFC 4180: commas, double quotes, quotes doubled inside them): its header and
 * rows, each row as long as the header. A malformed file is bad input naming its line. Immutable once
 * read.
 */
final class CsvTable {
    /** Longest file read (a merged study is a row per cell: far smaller). */
    static final long MAX_BYTES = 256L << 20;

    private final Path file;
    private final List<String> header;
    private final Map<String, Integer> index = new HashMap<>();
    private final List<List<String>> rows;

    private CsvTable(Path file, List<String> header, List<List<String>> rows) {
        this.file = file;
        this.header = List.copyOf(header);
        this.rows = List.copyOf(rows);
        for (int i = 0; i < header.size(); i++) {
            index.putIfAbsent(header.get(i), i);
        }
    }

    static CsvTable read(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new UsageException(file + " is a directory, not a CSV file");
        }
        if (Files.size(file) > MAX_BYTES) {
            throw new UsageException(file + " is larger than " + (MAX_BYTES >> 20) + " MiB; not a merged study");
        }
        List<List<String>> records = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int lineNo = 0;
            for (String line; (line = in.readLine()) != null; ) {
                lineNo++;
                if (line.isEmpty()) {
                    continue;
                }
                List<String> cells = parse(file, lineNo, line);
                if (!records.isEmpty() && cells.size() != records.get(0).size()) {
                    throw new UsageException(file + ":" + lineNo + ": " + cells.size() + " cells, but the header has "
                            + records.get(0).size());
                }
                records.add(cells);
            }
        } catch (MalformedInputException e) {
            throw new UsageException(file + ": not UTF-8 text");
        }
        if (records.isEmpty()) {
            throw new UsageException(file + ": empty; expected the CSV that 'jmmtk study merge' writes");
        }
        return new CsvTable(file, records.get(0), records.subList(1, records.size()));
    }

    private static List<String> parse(Path file, int lineNo, String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
                wasQuoted = false;
            } else if (c == '"' && cell.length() == 0 && !wasQuoted) {
                quoted = true;
                wasQuoted = true;
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw new UsageException(file + ":" + lineNo + ": a quoted cell does not end on its line");
        }
        cells.add(cell.toString());
        return cells;
    }

    Path file() {
        return file;
    }

    List<String> header() {
        return header;
    }

    List<List<String>> rows() {
        return rows;
    }

    boolean has(String column) {
        return index.containsKey(column);
    }

    /** Bad input, naming the header line, unless the table has {@code column}. */
    void require(String column, String why) {
        if (!has(column)) {
            throw new UsageException(file + ":1: no column '" + column + "' (" + why + ")");
        }
    }

    /** The cell of {@code row} in {@code column} ("" if there is no such column). */
    String get(List<String> row, String column) {
        Integer i = index.get(column);
        return i == null ? "" : row.get(i);
    }
}
