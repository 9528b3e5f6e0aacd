package org.jmmtk.tools.sweep;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.jmmtk.tools.plot.SvgText;

/**
 * {@code sweep --model}: every point gains predictedSpeedup; counts beyond this machine are measured as a plain
 * sweep measures them, marked oversubscribed with a warning.
 */
class SweepModelTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    @SuppressWarnings("unchecked")
    void pointsGainPredictedSpeedup() throws IOException {
        int beyond = Runtime.getRuntime().availableProcessors() * 4;
        Cli.Result r = Cli.run("sweep", "--plan", "marksweep", "--workload", "widetree", "--scale", "0.05", "--heap",
                "4m", "--threads", "1,2," + beyond, "--repeat", "1", "--warmup", "0", "--model", "--json", "--out-dir", dir.toString());
        assertEquals(0, r.code(), r.err());
        Map<String, Object> json = JsonTree.object(r.out());
        List<Map<String, Object>> points = (List<Map<String, Object>>) json.get("points");
        assertEquals(3, points.size());
        assertEquals(1.0, ((Number) points.get(0).get("predictedSpeedup")).doubleValue(), 1e-12);
        assertTrue((Boolean) points.get(0).get("measured"));
        assertFalse((Boolean) points.get(0).get("oversubscribed"));
        Map<String, Object> last = points.get(2);
        assertTrue((Boolean) last.get("measured"));
        assertTrue((Boolean) last.get("oversubscribed"));
        assertTrue(r.err().contains("jmmtk: warning: " + beyond + " threads on "), r.err());
        double predicted = ((Number) last.get("predictedSpeedup")).doubleValue();
        assertTrue(predicted > 0 && predicted <= beyond, "predicted " + predicted);
        Map<String, Object> model = (Map<String, Object>) json.get("model");
        assertTrue(((Number) model.get("stealNs")).longValue() >= 0);
        assertTrue(Files.size(dir.resolve("speedup.png")) > 0);
        // a labelled tick at every thread count, also the ones only the model reaches
        SvgText.read(dir.resolve("speedup.svg")).has("GC threads (log scale)", "closure speedup (log scale)",
                "predicted (virtual-time model)", "ideal (linear) speedup", "1", "2", Integer.toString(beyond));
        assertTrue(Files.readString(dir.resolve("summary.csv")).contains("predicted_speedup"));
    }

    @Test
    void badThreadCountsEndWithExitCode2() {
        for (String threads : List.of("0", "1,0", "-1", "1,,2")) {
            Cli.Result r = Cli.run("sweep", "--workload", "widetree", "--scale", "0.05", "--heap", "4m", "--threads",
                    threads, "--model");
            assertEquals(2, r.code(), threads + ": " + r.err());
            Hostile.assertCleanMessage(r);
        }
    }
}
