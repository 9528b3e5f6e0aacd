package org.jmmtk.tools.calibrate;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jmmtk.tools.command.Version;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.model.MemoryBandwidth;
import org.jmmtk.tools.model.ModelCosts;
import org.jmmtk.tools.output.Json;
import org.jmmtk.tools.output.OutputFile;

/**
 * What {@code jmmtk calibrate} measured on one host, as {@code sweep --model --host} reads it: the
 * aggregate memory bandwidth of the closure's access pattern with 1 .. N threads, and the scheduling costs
 * (steal, wake-up, bucket opening, fan-out, signal). A JSON file tagged with its format, the format's version and
 * the jmmtk version that wrote it; a file without the tag, of another version or with a missing or
 * impossible value is refused with exit code 2. Immutable.
 */
public record HostCalibration(String jmmtkVersion, int processors, long heapBytes, MemoryBandwidth bandwidth,
                              ModelCosts costs) {
    static final String FORMAT = "jmmtk-host-calibration";
    static final int FORMAT_VERSION = 2;

    /** Writes this calibration to {@code target} through a temporary file, renamed into place when complete. */
    public void write(Path target) throws IOException {
        OutputFile.write(target, out -> {
            PrintWriter w = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            json(w);
            w.flush();
        });
    }

    /** Prints this calibration as one JSON object. */
    public void json(PrintWriter out) throws IOException {
        try (JsonGenerator g = Json.pretty(out)) {
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("formatVersion", FORMAT_VERSION);
            g.writeStringField("jmmtkVersion", jmmtkVersion);
            g.writeNumberField("processors", processors);
            g.writeNumberField("heapBytes", heapBytes);
            g.writeArrayFieldStart("bandwidth");
            double[] b = bandwidth.aggregates();
            for (int k = 1; k <= b.length; k++) {
                g.writeStartObject();
                g.writeNumberField("threads", k);
                g.writeNumberField("aggregateBytesPerSecond", Math.round(b[k - 1]));
                g.writeNumberField("perThreadBytesPerSecond", Math.round(b[k - 1] / k));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeNumberField("stealNs", costs.stealNanos());
            g.writeNumberField("wakeNs", costs.wakeNanos());
            g.writeNumberField("bucketOpenNs", costs.bucketOpenNanos());
            g.writeNumberField("fanOutNs", costs.fanOutNanos());
            g.writeNumberField("signalNs", costs.signalNanos());
            g.writeEndObject();
        }
        out.println();
    }

    /** Reads a calibration written by this jmmtk version; anything else is a {@link UsageException} naming {@code file}. */
    public static HostCalibration read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw bad(file, "no such file");
        } catch (JsonProcessingException e) {
            throw bad(file, "not JSON (line " + e.getLocation().getLineNr() + ")");
        } catch (IOException e) {
            throw bad(file, "cannot be read (" + e.getMessage() + ")");
        }
        if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText(null))) {
            throw bad(file, "not a jmmtk calibration (no \"format\": \"" + FORMAT + "\"); write one with 'jmmtk calibrate -o FILE'");
        }
        if (root.path("formatVersion").asInt(-1) != FORMAT_VERSION) {
            throw bad(file, "calibration format version " + root.path("formatVersion") + ", this jmmtk reads "
                    + FORMAT_VERSION + "; run 'jmmtk calibrate' again");
        }
        String version = root.path("jmmtkVersion").asText("");
        if (!Version.NUMBER.equals(version)) {
            throw bad(file, "a calibration by jmmtk " + (version.isEmpty() ? "(unknown)" : version) + ", this is jmmtk "
                    + Version.NUMBER + "; run 'jmmtk calibrate' again");
        }
        JsonNode points = root.path("bandwidth");
        if (!points.isArray() || points.isEmpty()) {
            throw bad(file, "\"bandwidth\" must be a non-empty array");
        }
        double[] aggregate = new double[points.size()];
        for (int k = 1; k <= aggregate.length; k++) {
            JsonNode p = points.get(k - 1);
            if (p.path("threads").asInt(-1) != k) {
                throw bad(file, "bandwidth entry " + k + " must be for " + k + " thread" + (k == 1 ? "" : "s"));
            }
            aggregate[k - 1] = positive(file, p, "aggregateBytesPerSecond");
        }
        ModelCosts costs = new ModelCosts(nonNegative(file, root, "stealNs"), nonNegative(file, root, "wakeNs"),
                nonNegative(file, root, "bucketOpenNs"), nonNegative(file, root, "fanOutNs"),
                nonNegative(file, root, "signalNs"));
        return new HostCalibration(version, (int) nonNegative(file, root, "processors"),
                nonNegative(file, root, "heapBytes"), new MemoryBandwidth(aggregate), costs);
    }

    private static double positive(Path file, JsonNode node, String field) {
        JsonNode v = node.path(field);
        if (!v.isNumber() || !(v.asDouble() > 0) || Double.isInfinite(v.asDouble())) {
            throw bad(file, "\"" + field + "\" must be a positive number, got " + v);
        }
        return v.asDouble();
    }

    private static long nonNegative(Path file, JsonNode node, String field) {
        JsonNode v = node.path(field);
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
            throw bad(file, "\"" + field + "\" must be a non-negative whole number, got " + v);
        }
        return v.asLong();
    }

    private static UsageException bad(Path file, String why) {
        return new UsageException(file + ": " + why);
    }
}
