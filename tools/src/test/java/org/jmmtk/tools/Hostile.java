package org.jmmtk.tools;

import org.jmmtk.tools.error.ExitCodes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What every command owes hostile input, as assertions: it ends with exit 1 or 2 (or 0 if the input
 * was fine after all), prints a short message without a stack trace, and changes no file it does not
 * own. {@link #snapshot} records a directory so that {@link #assertUnchanged} can compare it later.
 */
public final class Hostile {
    /** Longest acceptable standard error of a failing command. */
    static final int MAX_MESSAGE_BYTES = 4096;

    private Hostile() {
    }

    /** Asserts the command failed cleanly with exit 1 or 2. */
    public static void assertCleanFailure(Cli.Result r) {
        assertTrue(r.code() == ExitCodes.FAILED || r.code() == ExitCodes.USAGE, "exit " + r.code() + ": " + r.err());
        assertCleanMessage(r);
    }

    /** Asserts the command ended with 0, 1 or 2 and, if it failed, with a clean message. */
    public static void assertCleanEnd(Cli.Result r) {
        if (r.code() != ExitCodes.OK) {
            assertCleanFailure(r);
        }
    }

    /** A short stderr, starting "jmmtk: ", with no stack trace and no internal error. */
    public static void assertCleanMessage(Cli.Result r) {
        String err = r.err();
        assertTrue(err.length() < MAX_MESSAGE_BYTES, "message of " + err.length() + " characters");
        assertTrue(err.startsWith("jmmtk: "), err);
        assertFalse(err.contains("\tat ") || err.contains("Exception in thread"), "stack trace: " + err);
        assertFalse(err.contains("internal error"), err);
        assertTrue(err.chars().noneMatch(c -> c < 0x20 && c != '\n' && c != '\r'), "control characters: " + err);
    }

    /** Every entry under {@code dir}: its type and, for regular files, a digest of its bytes. */
    public static Map<Path, String> snapshot(Path dir) throws IOException {
        Map<Path, String> entries = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                entries.put(dir.relativize(p), describe(p));
            }
        }
        return entries;
    }

    private static String describe(Path p) throws IOException {
        if (Files.isSymbolicLink(p)) {
            return "link to " + Files.readSymbolicLink(p);
        }
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            return "directory";
        }
        try {
            return "file " + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** Asserts {@code dir} holds exactly what {@code before} recorded (no temporary files left either). */
    public static void assertUnchanged(Map<Path, String> before, Path dir) throws IOException {
        assertEquals(before, snapshot(dir), "files changed under " + dir);
    }
}
