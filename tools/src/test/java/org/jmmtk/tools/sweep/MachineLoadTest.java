package org.jmmtk.tools.sweep;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Timing outputs on a busy machine (load average above the processor count, set through
 * {@link MachineLoad#PROPERTY}): one warning line on standard error and {@code loadAverage} and
 * {@code busyMachine} in the JSON; none on a quiet one; a plain sweep and {@code sweep --model} measure the same
 * thread counts.
 */
class MachineLoadTest {
    private static final String[] RUN = {"run", "--workload", "random", "--scale", "0.05", "--threads", "1", "--json"};
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @AfterEach
    void quiet() {
        System.setProperty(MachineLoad.PROPERTY, "0");
    }

    @Test
    void aBusyMachineIsNotedOnceOnStandardErrorAndInTheJson() throws IOException {
        System.setProperty(MachineLoad.PROPERTY, Double.toString(CORES + 1.5));
        Cli.Result r = Cli.run(RUN);
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of(String.format(java.util.Locale.ROOT, "jmmtk: warning: load average %.2f on %d processor%s: "
                + "the timings include waiting for a processor (busy machine)", CORES + 1.5, CORES, CORES == 1 ? "" : "s")),
                r.errLines());
        Map<String, Object> json = JsonTree.object(r.out());
        assertEquals(CORES + 1.5, ((Number) json.get("loadAverage")).doubleValue(), 1e-9);
        assertEquals(true, json.get("busyMachine"));
    }

    @Test
    void aQuietMachineIsNot() throws IOException {
        System.setProperty(MachineLoad.PROPERTY, Double.toString(CORES));
        Cli.Result r = Cli.run(RUN);
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        Map<String, Object> json = JsonTree.object(r.out());
        assertEquals(false, json.get("busyMachine"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void sweepNotesTheLoadAndMeasuresTheSameCountsWithOrWithoutTheModel() throws IOException {
        System.setProperty(MachineLoad.PROPERTY, Double.toString(2.0 * CORES + 1));
        String beyond = Integer.toString(CORES + 1);
        for (boolean model : new boolean[] {false, true}) {
            List<String> args = new java.util.ArrayList<>(List.of("sweep", "--plan", "marksweep", "--workload", "widetree", "--scale", "0.05",
                    "--heap", "4m", "--threads", "1," + beyond, "--repeat", "1", "--warmup", "0", "--json"));
            if (model) {
                args.add("--model");
            }
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), r.err());
            assertEquals(2, r.errLines().size(), r.err());
            assertTrue(r.err().contains("busy machine"), r.err());
            Map<String, Object> json = JsonTree.object(r.out());
            assertEquals(true, json.get("busyMachine"));
            List<Map<String, Object>> points = (List<Map<String, Object>>) json.get("points");
            assertTrue(points.stream().allMatch(p -> (Boolean) p.get("measured")), "model " + model + ": " + points);
            assertFalse((Boolean) points.get(0).get("oversubscribed"));
            assertTrue((Boolean) points.get(1).get("oversubscribed"));
        }
    }
}
