package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jmmtk.tools.output.TemporaryFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class cache's size {@code validate} sizes the recorded JVM's heap by: the agent's digest without
 * writing its jar, and the largest snapshot of any JDK in the folder of a recording with no include or
 * exclude lists. A snapshot is added under a JDK name no JVM has (the agent reads only its own JDK's
 * folder, so recordings running meanwhile are not disturbed) and removed afterwards.
 */
class ClassCacheSizeTest {
    @TempDir
    Path dir;

    @Test
    void theDigestIsTheJarsAndTheSizeIsTheLargestSnapshot() throws IOException {
        String digest = AgentJar.write(dir.resolve("agent.jar"));
        assertEquals(digest, AgentJar.digest());
        Path folder = Path.of(AgentJar.cacheFolder(digest, "include=;exclude="));
        long before = RecordCommand.classCacheBytes();
        Path other = folder.resolve("no-such-jdk-" + ProcessHandle.current().pid());
        Path small = folder.resolve("no-such-jdk-" + ProcessHandle.current().pid() + "-small");
        try {
            Files.createDirectories(other);
            Files.createDirectories(small);
            Files.write(other.resolve("classes.bin"), new byte[(int) before + 1000]);
            Files.write(other.resolve("classes123.tmp"), new byte[(int) before + 5000]);
            Files.write(small.resolve("classes.bin"), new byte[500]);
            assertEquals(before + 1000, RecordCommand.classCacheBytes(), "the largest snapshot, not a temporary file");
        } finally {
            TemporaryFolder.delete(other);
            TemporaryFolder.delete(small);
        }
        assertEquals(before, RecordCommand.classCacheBytes());
    }
}
