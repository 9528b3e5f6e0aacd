package org.jmmtk.probes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording started with the JVM ({@code -XX:StartFlightRecording}) sees the very first tracepoint: the
 * listener that {@link Tracepoints} registers on a thread of its own when no recording runs yet is
 * registered during its class initialization when one does. Run in a JVM of its own, the only way to
 * start JFR before the class is initialized.
 */
class RecordingFromStartTest {
    @TempDir
    Path dir;

    /** The child: whether the first tracepoint it fires would be recorded. */
    public static void main(String[] args) {
        GcEvent first = Tracepoints.gcBegin();
        System.out.print(first != null ? "recorded" : "missed");
    }

    @Test
    void aRecordingStartedWithTheJvmSeesTheFirstTracepoint() throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(List.of(java.toString(),
                "-XX:StartFlightRecording=filename=" + dir.resolve("start.jfr"),
                "-cp", System.getProperty("java.class.path"), RecordingFromStartTest.class.getName()))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(2, TimeUnit.MINUTES);
        // JFR's start-up message comes first on the same output
        String[] words = out.strip().split("\\s+");
        assertEquals("recorded", words[words.length - 1], out);
    }
}
