package org.jmmtk.tools.study;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.error.UsageException;

/**
 * One task's result file, {@code DIR/<task name>.json} (fields in docs/studies.md): the task's
 * parameters, how it ended, the command that reproduces it and the metrics of {@code run --json}.
 * Written atomically (a whole file or none), so a result that exists is complete. A file whose
 * parameters are not the task's is never taken for its result, nor replaced. Any thread may use it.
 */
final class ResultFile {
    static final ObjectMapper MAPPER = new ObjectMapper();

    /** A result read back: how it ended and the whole JSON object. */
    record Stored(Path file, Outcome outcome, ObjectNode json) {
        /** The metrics of {@code run --json}, or null if the task failed. */
        ObjectNode run() {
            return json.get("run") instanceof ObjectNode o ? o : null;
        }

        String message() {
            JsonNode m = json.get("message");
            return m == null || m.isNull() ? null : m.asText();
        }
    }

    private ResultFile() {
    }

    static void write(Path dir, TaskResult r) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.set("task", r.task().parameters());
        root.put("outcome", r.outcome().word());
        root.put("exitCode", r.exitCode());
        root.put("message", r.message());
        root.put("heapBytes", r.heapBytes());
        if (r.maxLiveBytes() != null) {
            root.put("maxLiveBytes", r.maxLiveBytes());
        }
        if (r.minHeapBytes() != null) {
            root.put("minHeapBytes", r.minHeapBytes());
        }
        r.command().forEach(root.putArray("command")::add);
        root.put("seconds", Math.round(r.seconds() * 1000) / 1000.0);
        root.put("host", host());
        root.set("run", r.run());
        OutputFile.write(dir.resolve(r.task().fileName()), out -> MAPPER.writerWithDefaultPrettyPrinter().writeValue(out, root));
    }

    /**
     * The stored result of {@code task} in {@code dir}, if there is one; bad input if the file there is
     * not a result, or the result of other parameters (another config wrote into this directory).
     */
    static Optional<Stored> read(Path dir, Task task) throws IOException {
        return read(dir, task.parameters());
    }

    /** The stored result of the task with {@code parameters} (from a manifest), as {@link #read(Path, Task)}. */
    static Optional<Stored> read(Path dir, ObjectNode parameters) throws IOException {
        Path file = dir.resolve(parameters.path("name").asText() + ".json");
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        Stored stored = parse(file);
        String difference = difference(parameters, stored.json().get("task"));
        if (difference != null) {
            throw new UsageException(file + " is the result of other parameters than task " + parameters.path("index")
                    + " of this study (" + difference + "); write into another --out-dir, or delete it to run the task again");
        }
        return Optional.of(stored);
    }

    private static Stored parse(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new UsageException(file + " is in the way of a task's result and is not a regular file");
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new UsageException(file + ": not a study result (" + e.getOriginalMessage().lines().findFirst().orElse("")
                    + "); delete it to run the task again");
        }
        Optional<Outcome> outcome = root instanceof ObjectNode && root.get("outcome") != null
                ? Outcome.of(root.get("outcome").asText()) : Optional.empty();
        if (outcome.isEmpty() || !(root.get("task") instanceof ObjectNode)
                || outcome.get() != Outcome.FAILED && !(root.get("run") instanceof ObjectNode)) {
            throw new UsageException(file + ": not a study result (no task, outcome or run); delete it to run the task again");
        }
        return new Stored(file, outcome.get(), (ObjectNode) root);
    }

    /** The first parameter in which {@code stored} differs from {@code expected}, or null if none does. */
    static String difference(ObjectNode expected, JsonNode stored) {
        if (!(stored instanceof ObjectNode s)) {
            return "no parameters";
        }
        for (Map.Entry<String, JsonNode> e : expected.properties()) {
            JsonNode other = s.get(e.getKey());
            if (other == null || !canonical(other).equals(canonical(e.getValue()))) {
                return e.getKey() + " is " + (other == null ? "missing" : canonical(other)) + ", not " + canonical(e.getValue());
            }
        }
        return s.size() == expected.size() ? null : "it has parameters this study does not";
    }

    /** A value as compact JSON: equal text for equal values, whatever numeric node type holds them. */
    private static String canonical(JsonNode n) {
        return n.toString();
    }

    /** This machine's name, looked up once (the lookup may ask a name server). */
    private static String host() {
        return Host.NAME;
    }

    private static final class Host {
        static final String NAME = lookUp();

        private static String lookUp() {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                return "unknown";
            }
        }
    }
}
