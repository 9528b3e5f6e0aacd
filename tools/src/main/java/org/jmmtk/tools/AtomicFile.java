package org.jmmtk.tools;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file whole or not at all: the content goes to a temporary file in the same directory, which
 * is renamed over the target only when the writer has finished; on failure the temporary file is
 * deleted and an existing target is left as it was.
 */
final class AtomicFile {
    /** Writes the content of a file at the path it is given. */
    @FunctionalInterface
    interface Content {
        void writeTo(Path file) throws IOException;
    }

    private AtomicFile() {
    }

    static void write(Path target, Content content) throws IOException {
        Path file = target.toAbsolutePath();
        Path dir = file.getParent();
        Files.createDirectories(dir);
        // a new file, not Files.createTempFile, so that it gets the usual permissions (the umask's), not 0600
        Path temp = Files.createFile(dir.resolve("." + file.getFileName() + "." + ProcessHandle.current().pid()
                + "." + Long.toHexString(System.nanoTime()) + ".tmp"));
        boolean done = false;
        try {
            content.writeTo(temp);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(temp);
            }
        }
    }
}
