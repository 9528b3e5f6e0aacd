package org.jmmtk.tools.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Removes the temporary folders commands work in ({@code record}'s agent jar and log, {@code validate}'s GC
 * logs and recording). Best effort: a folder left behind is harmless. Used by the command-line thread and
 * by {@code record}'s shutdown hook.
 */
public final class TemporaryFolder {
    private TemporaryFolder() {
    }

    /** Deletes {@code dir} and everything below it, ignoring what cannot be deleted. */
    public static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            // best effort: a temporary folder left behind is harmless
        }
    }
}
