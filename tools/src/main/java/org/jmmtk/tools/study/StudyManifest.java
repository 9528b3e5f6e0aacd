package org.jmmtk.tools.study;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.error.UsageException;

/**
 * {@code DIR/study.json}: the study's whole task list (every task's parameters, in index order) and the
 * config's text, so that {@code study merge} knows which results to expect. Its content depends only on
 * the config, so the shards of a cluster job may all write it at once. Used on the command's thread.
 */
final class StudyManifest {
    static final String FILE = "study.json";
    /** What a task's name is made of ({@link Names}); anything else could name a file outside the directory. */
    private static final Pattern TASK_NAME = Pattern.compile("[A-Za-z0-9_+-][A-Za-z0-9_+.-]{0,400}");

    /** What a manifest holds: the config's file name and each task's parameters. */
    record Content(String config, List<ObjectNode> tasks) {
        Content {
            tasks = List.copyOf(tasks);
        }
    }

    private StudyManifest() {
    }

    static void write(Path dir, StudyConfig config, List<Task> tasks) throws IOException {
        ObjectNode root = ResultFile.MAPPER.createObjectNode();
        root.put("config", config.file().getFileName().toString());
        root.put("configText", new String(Files.readAllBytes(config.file()), StandardCharsets.UTF_8));
        ArrayNode list = root.putArray("tasks");
        tasks.forEach(t -> list.add(t.parameters()));
        OutputFile.write(dir.resolve(FILE), out -> ResultFile.MAPPER.writerWithDefaultPrettyPrinter().writeValue(out, root),
                config.file());
    }

    static Content read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.isDirectory(dir)) {
            throw new UsageException(dir + ": " + (Files.exists(dir) ? "not a directory" : "no such directory"));
        }
        if (!Files.isRegularFile(file)) {
            throw new UsageException(dir + " holds no " + FILE + ": not a directory that 'jmmtk study' wrote");
        }
        JsonNode root;
        try {
            root = ResultFile.MAPPER.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new UsageException(file + ": not a study manifest (" + e.getOriginalMessage().lines().findFirst().orElse("")
                    + "); run the study again to rewrite it");
        }
        if (!(root instanceof ObjectNode) || !(root.get("tasks") instanceof ArrayNode tasks)) {
            throw new UsageException(file + ": not a study manifest (no task list); run the study again to rewrite it");
        }
        List<ObjectNode> list = new ArrayList<>();
        for (JsonNode t : tasks) {
            if (!(t instanceof ObjectNode o) || !o.path("plan").isTextual()
                    || !TASK_NAME.matcher(o.path("name").asText()).matches()) {
                throw new UsageException(file + ": task " + list.size() + " has no plan or no task name (letters, digits, "
                        + "'.', '-', '_', '+'); run the study again to rewrite it");
            }
            list.add(o);
        }
        return new Content(root.path("config").asText("?"), list);
    }
}
