package org.jmmtk.tools.probes;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** One analysis of a recording, printable as a table or JSON, and writable as CSV (and plots). */
public interface ProbeReport {
    /** Prints the report for people. */
    void table(PrintWriter out);

    /** Writes the report's fields into an open JSON object. */
    void json(JsonGenerator g) throws IOException;

    /** Writes CSV files (and plots for distributions) into {@code dir}; returns their paths. */
    List<Path> files(Path dir) throws IOException;
}
