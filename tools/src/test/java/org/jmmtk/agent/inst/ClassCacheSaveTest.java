package org.jmmtk.agent.inst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saving the instrumented-class cache (which premain does whenever the classes loaded before the agent
 * were not all in it) loads no security class: with {@code Files.createTempFile}, whose random names come
 * from {@code SecureRandom}, premain loaded and initialised the security providers (114 classes, with
 * {@code KnownOIDs} and {@code NativePRNG}) before {@code main}, so a program that then used them
 * (a temp file, a digest) was recorded without their static objects: 124 class mirrors fewer and 314 KB
 * less live at Loaders' first collection, until the cache stopped changing. Run in a JVM of its own, whose
 * class-loading log shows what the save loaded (this JVM has loaded {@code SecureRandom} for its own
 * temp folders).
 */
class ClassCacheSaveTest {
    @TempDir
    Path dir;

    /** Opens a cache in {@code args[0]}, keeps one class's bytes in it and saves it. */
    public static final class Save {
        public static void main(String[] args) {
            ClassCache cache = ClassCache.open(args[0]);
            cache.put("Example", new byte[] {1, 2, 3});
            cache.save(false);
        }
    }

    @Test
    void aSaveLoadsNoSecurityClass() throws IOException, InterruptedException {
        Path cacheDir = Files.createDirectory(dir.resolve("cache"));
        Path log = dir.resolve("classes.log");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load:file=" + log, "-cp", System.getProperty("java.class.path"),
                Save.class.getName(), cacheDir.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the saving JVM ends");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("out.txt")));
        List<Path> files;
        try (Stream<Path> walk = Files.walk(cacheDir)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertEquals(1, files.size(), "the snapshot and no temporary file: " + files);
        assertEquals("classes.bin", files.get(0).getFileName().toString());
        List<String> lines = Files.readAllLines(log);
        int start = 0;
        while (start < lines.size() && !lines.get(start).contains(" " + Save.class.getName() + " source: ")) {
            start++;
        }
        assertTrue(start < lines.size(), "the log names the saving class");
        List<String> security = lines.subList(start, lines.size()).stream()
                .filter(l -> l.contains(" java.security.SecureRandom") || l.contains(" sun.security.jca.")
                        || l.contains(" sun.security.provider."))
                .toList();
        assertTrue(security.isEmpty(), "security classes loaded by the save: " + security);
    }
}
