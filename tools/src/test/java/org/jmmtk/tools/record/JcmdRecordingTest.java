package org.jmmtk.tools.record;

import org.jmmtk.tools.Main;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tracepoints can be switched on in a running jmmtk from outside, as docs/probes.md says:
 * {@code jcmd <pid> JFR.start} on a JVM started without any JFR option. Every step waits on a
 * condition, never on a clock: jcmd is asked again until the child accepts the attach, the recording
 * is dumped until it holds every jmmtk event type, and {@code JFR.stop} writes the file before jcmd
 * returns. The timeout only stops a hang.
 */
class JcmdRecordingTest {
    private static final List<String> EXPECTED = List.of("jmmtk.GC", "jmmtk.WorkPacket", "jmmtk.ProcessEdges",
            "jmmtk.BucketOpen", "jmmtk.AllocSlowPath", "jmmtk.HeapUsage");

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void jcmdRecordsTheTracepointsOfARunningJmmtk() throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        assumeTrue(Files.isExecutable(jcmd), "this JDK has no jcmd");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path log = dir.resolve("child.log");
        // large enough to run for minutes; the test ends it once it has what it needs
        Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "run", "--plan", "marksweep", "--workload", "binarytrees", "--scale", "64",
                "--heap", "256m", "--threads", "2")
                .redirectOutput(log.toFile()).redirectErrorStream(true).start();
        try {
            String pid = Long.toString(child.pid());
            while (jcmd(jcmd, pid, "JFR.start", "name=jcmd-test") != 0) {
                assertTrue(child.isAlive(), "the child run ended before jcmd could attach: " + Files.readString(log));
            }
            Path snapshot = dir.resolve("snapshot.jfr");
            do {
                assertTrue(child.isAlive(), "the child run ended while recording: " + Files.readString(log));
                assertEquals(0, jcmd(jcmd, pid, "JFR.dump", "name=jcmd-test", "filename=" + snapshot));
            } while (!dumpedNames(snapshot).containsAll(EXPECTED));
            Path file = dir.resolve("attached.jfr");
            assertEquals(0, jcmd(jcmd, pid, "JFR.stop", "name=jcmd-test", "filename=" + file));
            Set<String> names = eventNames(file);
            assertTrue(names.containsAll(EXPECTED), EXPECTED + " not all in " + names);
        } finally {
            child.destroyForcibly();
            child.waitFor();
        }
    }

    /** Runs jcmd to completion and returns its exit code. */
    private static int jcmd(Path jcmd, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(jcmd.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor();
    }

    /** The event type names of a dump; none while the dump holds no complete chunk yet. */
    private static Set<String> dumpedNames(Path file) {
        try {
            return eventNames(file);
        } catch (IOException e) {
            return Set.of();
        }
    }

    /** The event type names in {@code file}. */
    private static Set<String> eventNames(Path file) throws IOException {
        Set<String> names = new HashSet<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            names.add(e.getEventType().getName());
        }
        return names;
    }
}
