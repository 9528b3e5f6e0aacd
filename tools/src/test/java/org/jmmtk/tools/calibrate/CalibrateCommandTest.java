package org.jmmtk.tools.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
import org.jmmtk.tools.JsonTree;
import org.jmmtk.tools.command.Version;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmmtk calibrate} writes a versioned calibration that {@code sweep --model --host} reads into an
 * interval per thread count; a host file that is not a calibration, or is one of another version, ends
 * with exit code 2 naming it; a failed calibrate leaves an existing file as it was.
 */
class CalibrateCommandTest {
    private static final String[] SMALL = {"--plan", "marksweep", "--workload", "widetree", "--scale", "0.05", "--heap", "4m"};

    @TempDir
    static Path dir;

    private static Path host;

    @BeforeAll
    static void calibrate() {
        host = dir.resolve("host.json");
        Cli.Result r = Cli.run(concat(new String[] {"calibrate", "-o", host.toString(), "--threads", "2",
                "--heap-bytes", "2m"}, SMALL));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("wrote " + host), r.out());
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void theCalibrationIsVersionedAndReadsBack() throws IOException {
        Map<String, Object> json = JsonTree.object(Files.readString(host));
        assertEquals(HostCalibration.FORMAT, json.get("format"));
        assertEquals(HostCalibration.FORMAT_VERSION, ((Number) json.get("formatVersion")).intValue());
        assertEquals(Version.NUMBER, json.get("jmmtkVersion"));
        HostCalibration c = HostCalibration.read(host);
        assertEquals(2, c.bandwidth().threads());
        assertTrue(c.bandwidth().aggregate(1) > 0 && c.bandwidth().aggregate(2) > 0);
        assertTrue(c.costs().wakeNanos() > 0 && c.costs().bucketOpenNanos() > 0);
        Path copy = dir.resolve("copy.json");
        c.write(copy);
        HostCalibration again = HostCalibration.read(copy);
        assertEquals(c.costs(), again.costs());
        assertEquals(Math.round(c.bandwidth().aggregate(2)), Math.round(again.bandwidth().aggregate(2)));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theModelGivesAnIntervalWithTheHostsBandwidth() throws IOException {
        Cli.Result r = Cli.run(concat(new String[] {"sweep", "--threads", "1,2,8", "--repeat", "1", "--warmup", "0",
                "--model", "--host", host.toString(), "--recorder", host.toString(), "--sensitivity-rounds", "1", "--json"},
                SMALL));
        assertEquals(0, r.code(), r.err());
        Map<String, Object> json = JsonTree.object(r.out());
        Map<String, Object> model = (Map<String, Object>) json.get("model");
        assertEquals(host.toString(), model.get("bandwidthSource"));
        assertEquals(host.toString(), model.get("recorderBandwidthSource"));
        HostCalibration c = HostCalibration.read(host);
        assertEquals(Math.round(c.bandwidth().aggregate(1)),
                Math.round(((Number) model.get("recorderBandwidthOneThreadBytesPerSecond")).doubleValue()),
                "the recording machine's rate from its calibration, not measured again");
        assertEquals(c.costs().fanOutNanos(), ((Number) model.get("fanOutNs")).longValue());
        assertEquals(c.costs().signalNanos(), ((Number) model.get("signalNs")).longValue());
        Map<String, Object> sensitivity = (Map<String, Object>) model.get("sensitivity");
        assertEquals(1, ((Number) sensitivity.get("rounds")).intValue());
        assertEquals(1, ((List<Object>) sensitivity.get("closureSlowdowns")).size());
        double used = ((Number) model.get("memoryFractionMax")).doubleValue();
        double bytes = ((Number) model.get("bytesFractionMax")).doubleValue();
        if ((Boolean) sensitivity.get("measured")) {
            assertTrue(used <= bytes + 1e-12, used + " within the bytes' bound " + bytes);
        } else {
            assertEquals(bytes, used, 1e-12, "not measurable: the bytes' share");
        }
        for (Map<String, Object> p : (List<Map<String, Object>>) json.get("points")) {
            double low = ((Number) p.get("predictedSpeedupLow")).doubleValue();
            double best = ((Number) p.get("predictedSpeedup")).doubleValue();
            double high = ((Number) p.get("predictedSpeedupHigh")).doubleValue();
            assertTrue(low > 0 && low <= best + 1e-9 && best <= high + 1e-9, low + " " + best + " " + high);
        }
        Cli.Result table = Cli.run(concat(new String[] {"sweep", "--threads", "1,2", "--repeat", "1", "--warmup", "0",
                "--model", "--sensitivity-rounds", "0"}, SMALL));
        assertEquals(0, table.code(), table.err());
        assertTrue(table.out().contains("memory share: not measured"), table.out());
        assertTrue(table.out().contains("server default bandwidth") && table.out().contains("predicted [low, high]")
                && table.out().contains("(measured here)"), table.out());
    }

    @Test
    void badHostFilesEndWithExitCode2NamingThem() throws IOException {
        String good = Files.readString(host);
        Path notJson = Files.writeString(dir.resolve("notjson.json"), "{ this is not json");
        Path other = Files.writeString(dir.resolve("other.json"), "{\"format\": \"something-else\"}");
        Path oldVersion = Files.writeString(dir.resolve("old.json"),
                good.replace("\"" + Version.NUMBER + "\"", "\"0.0.1\""));
        Path newFormat = Files.writeString(dir.resolve("format2.json"),
                good.replace("\"formatVersion\" : 2", "\"formatVersion\" : 3"));
        Path noBandwidth = Files.writeString(dir.resolve("nobw.json"),
                good.replaceAll("(?s)\"bandwidth\" : \\[.*?\\]", "\"bandwidth\" : []"));
        Path negative = Files.writeString(dir.resolve("negative.json"), good.replaceAll("\"stealNs\" : \\d+", "\"stealNs\" : -5"));
        for (Path bad : List.of(notJson, other, oldVersion, newFormat, noBandwidth, negative, dir.resolve("missing.json"))) {
            for (String option : List.of("--host", "--recorder")) {
                Cli.Result r = Cli.run(concat(new String[] {"sweep", "--threads", "1,2", "--repeat", "1", "--model", option,
                        bad.toString()}, SMALL));
                assertEquals(2, r.code(), option + " " + bad + ": " + r.err());
                assertTrue(r.err().contains(bad.toString()), r.err());
                Hostile.assertCleanMessage(r);
            }
        }
        assertTrue(Cli.run(concat(new String[] {"sweep", "--model", "--host", oldVersion.toString()}, SMALL)).err()
                .contains("jmmtk 0.0.1"));
        Cli.Result negativeRounds = Cli.run(concat(new String[] {"sweep", "--threads", "1,2", "--model",
                "--sensitivity-rounds", "-1"}, SMALL));
        assertEquals(2, negativeRounds.code(), negativeRounds.err());
        assertTrue(negativeRounds.err().contains("--sensitivity-rounds"), negativeRounds.err());
        Hostile.assertCleanMessage(negativeRounds);
        Cli.Result noModel = Cli.run(concat(new String[] {"sweep", "--threads", "1,2", "--host", host.toString()}, SMALL));
        assertEquals(2, noModel.code(), noModel.err());
        assertTrue(noModel.err().contains("--model"), noModel.err());
        Cli.Result roundsNoModel = Cli.run(concat(new String[] {"sweep", "--threads", "1,2", "--sensitivity-rounds", "2"}, SMALL));
        assertEquals(2, roundsNoModel.code(), roundsNoModel.err());
        assertTrue(roundsNoModel.err().contains("--sensitivity-rounds") && roundsNoModel.err().contains("--model"),
                roundsNoModel.err());
        Cli.Result recorderNoModel = Cli.run(concat(new String[] {"sweep", "--threads", "1,2", "--recorder", host.toString()},
                SMALL));
        assertEquals(2, recorderNoModel.code(), recorderNoModel.err());
        assertTrue(recorderNoModel.err().contains("--model"), recorderNoModel.err());
    }

    @Test
    void aFailedCalibrationLeavesTheExistingFileAlone() throws IOException {
        Path kept = Files.writeString(dir.resolve("kept.json"), "precious");
        for (String[] args : List.of(new String[] {"--threads", "0"}, new String[] {"--heap-bytes", "1k"},
                new String[] {"--plan", "no-such-plan"})) {
            Cli.Result r = Cli.run(concat(new String[] {"calibrate", "-o", kept.toString()}, args));
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            Hostile.assertCleanMessage(r);
            assertEquals("precious", Files.readString(kept));
        }
    }
}
