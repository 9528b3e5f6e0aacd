package org.jmmtk.tools.error;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Turns an {@link IOException} into the one line a user reads: the path it concerns (when the JDK
 * knows it) and the reason in words, never the exception's class name alone.
 */
public final class IoErrors {
    private IoErrors() {
    }

    /** "PATH: reason", or "reason" when the exception names no file. */
    static String describe(IOException e) {
        String file = e instanceof FileSystemException f ? f.getFile() : null;
        String reason = reason(e);
        return file == null ? reason : file + ": " + reason;
    }

    /** The reason alone. */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "directory not empty";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
