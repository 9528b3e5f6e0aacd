package org.jmmtk.tools.study;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Studies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A granularity study end to end: the study makes the workload's trace, its perfect trace and the
 * granulated one, runs each variant on the same heap, and its merge feeds the paper's analysis; the
 * perfect trace's run is the plain replay's.
 */
class StudyGranularityTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void makesItsTracesRunsEachVariantOnTheSameHeapAndAnalysesTheMerge() throws IOException {
        Path config = Studies.write(dir, "g.yaml", """
                plans: [semispace]
                heapFactors: [3]
                workloads: [{workload: random, seeds: [1], scales: [0.5]}]
                granularity: {granules: [2k], schemes: [late]}
                """);
        Path out = dir.resolve("g-out");
        Cli.Result study = Cli.run("study", config.toString(), "--out-dir", out.toString(), "--shard", "0/1");
        assertEquals(0, study.code(), study.err());
        for (String trace : List.of("random-s1-x0p5.source.jmtb", "random-s1-x0p5.perfect.jmtb", "random-s1-x0p5.g2k.jmtb")) {
            assertTrue(Files.isRegularFile(out.resolve("traces").resolve(trace)), trace);
        }
        JsonNode perfect = JSON.readTree(out.resolve("random-s1-x0p5.perfect.hf3.semispace.t1.r0.json").toFile());
        JsonNode late = JSON.readTree(out.resolve("random-s1-x0p5.g2k-late.hf3.semispace.t1.r0.json").toFile());
        assertEquals(perfect.get("heapBytes"), late.get("heapBytes"));
        Cli.Result plain = Cli.run("run", "--plan", "semispace", "--workload", "random", "--seed", "1", "--scale", "0.5",
                "--heap-factor", "3", "--json");
        JsonNode p = JSON.readTree(plain.out());
        for (String field : List.of("heapBytes", "gcCount", "bytesCopied", "spaceTime", "finalLiveBytes")) {
            assertEquals(p.get(field), perfect.get("run").get(field), field);
        }
        // deaths move only within the run: both end with the same live set
        assertEquals(perfect.get("run").get("finalLiveBytes"), late.get("run").get("finalLiveBytes"));
        assertEquals(List.of("--sync", "late", "--granule", "2048"), List.of(late.get("command").get(5).asText(),
                late.get("command").get(6).asText(), late.get("command").get(7).asText(), late.get("command").get(8).asText()));

        Path csv = dir.resolve("g.csv");
        assertEquals(0, Cli.run("study", "merge", out.toString(), "-o", csv.toString()).code());
        List<Map<String, String>> rows = Studies.csv(csv);
        assertEquals(List.of("0", "2048"), rows.stream().map(r -> r.get("granule")).toList());
        assertEquals(List.of("none", "late"), rows.stream().map(r -> r.get("sync")).toList());
        Cli.Result table = Cli.run("study", "granularity", csv.toString(), "--min-gcs", "0", "--json");
        assertEquals(0, table.code(), table.err());
        JsonNode t = JSON.readTree(table.out());
        assertEquals(1, t.get("pairs").asInt());
        assertEquals(16, t.get("table").size() * 4, t.toString());
        Cli.Result none = Cli.run("study", "granularity", csv.toString(), "--min-gcs", "100000");
        assertEquals(2, none.code(), none.err());
        assertTrue(none.err().contains("no granulated run has a comparable perfect-trace run left"), none.err());
    }
}
