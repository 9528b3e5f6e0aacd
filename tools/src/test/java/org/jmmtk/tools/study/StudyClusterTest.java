package org.jmmtk.tools.study;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Main;
import org.jmmtk.tools.Studies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A study split the ways clusters split it gives, merged, the logical results of the unsplit run: as a
 * Kubernetes Indexed Job's pods (the same command, {@code JOB_COMPLETION_INDEX} set as the Job controller
 * sets it, in separate processes) and as a real Slurm job array ({@code sbatch --array=1-3 --wait} on the
 * single-node Slurm of scripts/slurm-local; skipped where Slurm is not installed). Also checks that the
 * shipped Kubernetes manifest is an Indexed Job whose completions match its {@code --shards}.
 */
class StudyClusterTest {
    private static final int SHARDS = 3;

    @TempDir
    static Path dir;

    private static Path config;
    private static Path unsplit;

    @BeforeAll
    static void runUnsplit() throws IOException {
        config = Studies.write(dir, "tiny.yaml", Studies.TINY);
        Path out = dir.resolve("unsplit");
        Cli.Result r = Cli.run("study", config.toString(), "--out-dir", out.toString(), "--jobs", "2", "--shard", "0/1");
        assertEquals(0, r.code(), r.err());
        unsplit = merge(out);
    }

    private static Path merge(Path out) {
        Path csv = dir.resolve(out.getFileName() + ".csv");
        Cli.Result r = Cli.run("study", "merge", out.toString(), "-o", csv.toString());
        assertEquals(0, r.code(), r.out() + r.err());
        return csv;
    }

    /** {@code java -cp <this class path> org.jmmtk.tools.Main}, as a Job's container or a batch script runs jmmtk. */
    private static List<String> jmmtk() {
        List<String> cp = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            cp.add(Path.of(e).toAbsolutePath().toString());
        }
        return new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                String.join(File.pathSeparator, cp), Main.class.getName()));
    }

    @Test
    void kubernetesIndexedJobPodsMergeToTheUnsplitResults() throws Exception {
        Path out = dir.resolve("k8s");
        List<Process> pods = new ArrayList<>();
        for (int i = 0; i < SHARDS; i++) {
            List<String> cmd = jmmtk();
            cmd.addAll(List.of("study", config.toString(), "--out-dir", out.toString(), "--shards", Integer.toString(SHARDS)));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("pod-" + i + ".log").toFile());
            pb.environment().keySet().removeIf(k -> k.startsWith("SLURM_"));
            pb.environment().put("JOB_COMPLETION_INDEX", Integer.toString(i));
            pods.add(pb.start());
        }
        for (int i = 0; i < SHARDS; i++) {
            assertTrue(pods.get(i).waitFor(120, TimeUnit.SECONDS), "pod " + i + " did not end");
            String log = Files.readString(dir.resolve("pod-" + i + ".log"));
            assertEquals(0, pods.get(i).exitValue(), log);
            assertTrue(log.contains("Kubernetes index " + i + " of " + SHARDS), log);
        }
        assertEquals(Studies.logical(unsplit), Studies.logical(merge(out)));
    }

    @Test
    void theShippedManifestIsAnIndexedJobWhoseCompletionsAreItsShards() throws IOException {
        Path root = projectRoot();
        List<JsonNode> docs;
        try (MappingIterator<JsonNode> it = new YAMLMapper().readerFor(JsonNode.class)
                .readValues(root.resolve("examples/studies/k8s-job.yaml").toFile())) {
            docs = it.readAll();
        }
        JsonNode job = docs.stream().filter(d -> d.path("kind").asText().equals("Job")).findFirst().orElseThrow();
        assertEquals("batch/v1", job.path("apiVersion").asText());
        JsonNode spec = job.path("spec");
        assertEquals("Indexed", spec.path("completionMode").asText());
        int completions = spec.path("completions").asInt();
        assertTrue(completions >= 1);
        assertTrue(spec.path("parallelism").asInt() >= 1 && spec.path("parallelism").asInt() <= completions);
        JsonNode pod = spec.path("template").path("spec");
        assertTrue(List.of("Never", "OnFailure").contains(pod.path("restartPolicy").asText()));
        JsonNode container = pod.path("containers").get(0);
        List<String> command = new ArrayList<>();
        container.path("command").forEach(c -> command.add(c.asText()));
        int study = command.indexOf("study");
        assertTrue(study > 0, command.toString());
        assertEquals(Integer.toString(completions), command.get(command.indexOf("--shards") + 1));
        // the study file the pods run is one this project ships (docs/studies.md copies examples/studies to /work/studies)
        String file = command.get(study + 1);
        assertTrue(file.startsWith("/work/studies/"), file);
        Path shipped = root.resolve("examples/studies").resolve(file.substring("/work/studies/".length()));
        Cli.Result list = Cli.run("study", shipped.toString(), "--list");
        assertEquals(0, list.code(), list.err());
        assertTrue(list.out().lines().count() >= completions);
        String claim = pod.path("volumes").get(0).path("persistentVolumeClaim").path("claimName").asText();
        assertTrue(docs.stream().anyMatch(d -> d.path("kind").asText().equals("PersistentVolumeClaim")
                && d.path("metadata").path("name").asText().equals(claim)
                && d.path("spec").path("accessModes").toString().contains("ReadWriteMany")), claim);
    }

    @Test
    void aSlurmJobArrayMergesToTheUnsplitResults() throws Exception {
        Path root = projectRoot();
        assumeTrue(onPath("sbatch") && onPath("sinfo"), "Slurm is not installed here, so the job-array test is skipped "
                + "(scripts/slurm-local install sets one up; .ci/run does)");
        Map<String, String> env = new HashMap<>();
        Path conf = Path.of(System.getenv().getOrDefault("JMMTK_SLURM_DIR", "/tmp/jmmtk-slurm"), "slurm.conf");
        boolean started = false;
        if (!idle(env) && Files.exists(conf)) {
            env.put("SLURM_CONF", conf.toString());
        }
        if (!idle(env)) {
            Process start = new ProcessBuilder(root.resolve("scripts/slurm-local").toString(), "start")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("slurm-start.log").toFile()).start();
            started = start.waitFor(60, TimeUnit.SECONDS) && start.exitValue() == 0;
            env.put("SLURM_CONF", conf.toString());
            assumeTrue(started && idle(env), "Slurm is installed but not running, and scripts/slurm-local start could not "
                    + "start it (" + Files.readString(dir.resolve("slurm-start.log")).strip() + "), so the job-array test is skipped");
        }
        try {
            Path out = dir.resolve("slurm");
            Path logs = Files.createDirectories(dir.resolve("slurm-logs"));
            List<String> cmd = jmmtk();
            cmd.addAll(List.of("study", config.toString(), "--out-dir", out.toString()));
            long start = System.nanoTime();
            Process sbatch = process(env, "sbatch", "--array=1-" + SHARDS, "--wait", "--job-name=jmmtk-study-test",
                    "--output=" + logs.resolve("%A_%a.out"), "--chdir=" + dir, "--wrap", shell(cmd));
            boolean ended = sbatch.waitFor(240, TimeUnit.SECONDS);
            String said = new String(sbatch.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(ended, "sbatch --wait did not end in 240 s: " + said);
            assertEquals(0, sbatch.exitValue(), said + arrayLogs(logs));
            System.out.printf("StudyClusterTest: sbatch --array=1-%d --wait took %.1f s%n", SHARDS,
                    (System.nanoTime() - start) / 1e9);
            String all = arrayLogs(logs);
            for (int k = 0; k < SHARDS; k++) {
                assertTrue(all.contains("Slurm array task " + (k + 1) + ": shard " + k + "/" + SHARDS), all);
            }
            assertEquals(Studies.logical(unsplit), Studies.logical(merge(out)));
        } finally {
            if (started) {
                process(Map.of(), root.resolve("scripts/slurm-local").toString(), "stop").waitFor(60, TimeUnit.SECONDS);
            }
        }
    }

    private static String arrayLogs(Path logs) throws IOException {
        StringBuilder s = new StringBuilder();
        try (Stream<Path> files = Files.list(logs)) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                s.append("\n--- ").append(f.getFileName()).append('\n').append(Files.readString(f));
            }
        }
        return s.toString();
    }

    private static boolean idle(Map<String, String> env) throws IOException, InterruptedException {
        Process p = process(env, "sinfo", "-h", "-N", "-o", "%T");
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroy();
            return false;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return p.exitValue() == 0 && out.lines().anyMatch(l -> l.startsWith("idle") || l.startsWith("mixed"));
    }

    private static Process process(Map<String, String> env, String... cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        return pb.start();
    }

    private static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }

    /** The words of {@code cmd} as one shell command line, each single-quoted. */
    private static String shell(List<String> cmd) {
        StringBuilder s = new StringBuilder();
        for (String w : cmd) {
            s.append(s.length() == 0 ? "" : " ").append('\'').append(w.replace("'", "'\\''")).append('\'');
        }
        return s.toString();
    }

    static Path projectRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("examples/studies")) && Files.exists(p.resolve("scripts/slurm-local"))) {
                return p;
            }
        }
        throw new AssertionError("no project root above " + Path.of("").toAbsolutePath());
    }
}
