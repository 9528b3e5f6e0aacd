package org.jmmtk.tools;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tracepoints can be switched on in a running jmmtk from outside, as docs/probes.md says:
 * {@code jcmd <pid> JFR.start duration=2s filename=F} on a JVM started without any JFR option.
 */
class JcmdRecordingTest {
    @TempDir
    Path dir;

    @Test
    void jcmdRecordsTheTracepointsOfARunningJmmtk() throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        assumeTrue(Files.isExecutable(jcmd), "this JDK has no jcmd");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path log = dir.resolve("child.log");
        Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "run", "--plan", "marksweep", "--workload", "binarytrees", "--scale", "16",
                "--heap", "64m", "--threads", "2")
                .redirectOutput(log.toFile()).redirectErrorStream(true).start();
        Path file = dir.resolve("attached.jfr");
        try {
            Thread.sleep(1500);
            assertTrue(child.isAlive(), "the child run ended before jcmd could attach: " + Files.readString(log));
            Process attach = new ProcessBuilder(jcmd.toString(), Long.toString(child.pid()), "JFR.start",
                    "duration=2s", "filename=" + file).redirectErrorStream(true).start();
            String said = new String(attach.getInputStream().readAllBytes());
            assertTrue(attach.waitFor(30, TimeUnit.SECONDS) && attach.exitValue() == 0, said);
            Set<String> names = readWhenWritten(file);
            for (String expected : List.of("jmmtk.GC", "jmmtk.WorkPacket", "jmmtk.ProcessEdges", "jmmtk.BucketOpen",
                    "jmmtk.AllocSlowPath", "jmmtk.HeapUsage")) {
                assertTrue(names.contains(expected), expected + " not in " + names);
            }
        } finally {
            child.destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The event type names in {@code file}, once the recording's end has been written (within 30 s). */
    private static Set<String> readWhenWritten(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        IOException last = null;
        while (System.nanoTime() < deadline) {
            Thread.sleep(250);
            if (!Files.exists(file)) {
                continue;
            }
            try {
                Set<String> names = new HashSet<>();
                for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
                    names.add(e.getEventType().getName());
                }
                if (names.contains("jmmtk.GC")) {
                    return names;
                }
            } catch (IOException e) {
                last = e;
            }
        }
        throw new AssertionError("no complete recording appeared in " + file, last);
    }
}
