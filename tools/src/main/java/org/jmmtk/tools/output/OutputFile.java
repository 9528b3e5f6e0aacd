package org.jmmtk.tools.output;

import org.jmmtk.tools.error.IoErrors;
import org.jmmtk.tools.error.UsageException;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One file a command writes, written so that nothing is ever lost: the target must not be one of the
 * command's inputs (compared with {@link Files#isSameFile}, so links and {@code ./} spellings count),
 * must not be anything but a regular file if it exists (no directory, symlink or device is replaced),
 * must be writable if it exists, in a writable directory ({@link #requireReplaceable}), and is written as a temporary file in the
 * same directory that replaces the target only on {@link #commit}; closing without committing deletes the temporary file and leaves the target as it
 * was. The temporary file's name ends with the target's, so a {@code .gz} suffix keeps its meaning.
 */
public final class OutputFile implements AutoCloseable {
    /** The running command's inputs that no file it writes may replace (see {@link #keepInputs}). */
    private static final InheritableThreadLocal<Path[]> COMMAND_INPUTS = new InheritableThreadLocal<>() {
        @Override
        protected Path[] initialValue() {
            return new Path[0];
        }
    };

    private final Path target;
    private final Path temp;
    private boolean committed;

    /**
     * Declares the running command's inputs: from now until {@link #forgetInputs}, every file written on
     * this thread (or a thread it starts) is refused if it is one of them, as if passed to
     * {@link #check}. For outputs whose names the command fixes itself (an {@code --out-dir}'s
     * {@code runs.csv}, {@code gc.csv}, ...), which are written deep inside reports.
     */
    public static void keepInputs(Path... inputs) {
        Path[] all = Arrays.copyOf(COMMAND_INPUTS.get(), COMMAND_INPUTS.get().length + inputs.length);
        System.arraycopy(inputs, 0, all, all.length - inputs.length, inputs.length);
        COMMAND_INPUTS.set(all);
    }

    /** The command ended (called by {@code Main} after each command). */
    public static void forgetInputs() {
        COMMAND_INPUTS.remove();
    }

    private OutputFile(Path target, Path temp) {
        this.target = target;
        this.temp = temp;
    }

    /** Checks {@code target} (see the class comment) and creates its temporary file. */
    public static OutputFile create(Path target, Path... inputs) throws IOException {
        check(target, inputs);
        Path dir = directory(target);
        Path temp;
        try {
            temp = createUnique(dir, target.getFileName().toString());
        } catch (IOException e) {
            throw new UsageException(target + ": cannot write here (" + IoErrors.reason(e) + ")");
        }
        temp.toFile().deleteOnExit(); // also when the user interrupts the command
        return new OutputFile(target, temp);
    }

    /**
     * A new empty file beside the target. Not {@code Files.createTempFile}: that makes it readable by its
     * owner only (mode 0600), and the rename would hand those permissions to the user's output; a plain
     * {@code createFile} gets the permissions any new file gets (the umask's).
     */
    private static Path createUnique(Path dir, String name) throws IOException {
        for (int attempt = 0; ; attempt++) {
            String unique = Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
            Path p = dir.resolve(".jmmtk-" + unique + "-" + name);
            try {
                return Files.createFile(p);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    /** What writes a file's content to a stream. */
    public interface Body {
        void write(OutputStream out) throws IOException;
    }

    /** Writes {@code target} with {@code body} through a temporary file, checked as {@link #create} does. */
    public static void write(Path target, Body body, Path... inputs) throws IOException {
        try (OutputFile file = create(target, inputs)) {
            try (OutputStream out = Files.newOutputStream(file.temp())) {
                body.write(out);
            } catch (IOException e) {
                throw named(target, e);
            }
            file.commit();
        }
    }

    /**
     * Refuses, with a {@link UsageException}, a target that is one of {@code inputs} (or another output,
     * passed the same way), that exists and is not a regular file, or whose directory does not exist.
     * Commands call it before long work; a null target passes.
     */
    public static void check(Path target, Path... given) throws IOException {
        if (target == null) {
            return;
        }
        Path[] kept = COMMAND_INPUTS.get();
        Path[] inputs = Arrays.copyOf(given, given.length + kept.length);
        System.arraycopy(kept, 0, inputs, given.length, kept.length);
        for (Path in : inputs) {
            if (in != null && target.toAbsolutePath().normalize().equals(in.toAbsolutePath().normalize())) {
                throw new UsageException(target + " is also an input or output of this command; write to another file");
            }
        }
        if (target.toString().isEmpty() || target.getFileName() == null) {
            throw new UsageException("'" + target + "' is not a file name");
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            for (Path in : inputs) {
                if (in != null && Files.exists(in) && sameFile(target, in)) {
                    throw new UsageException(target + " is also an input or output of this command; write to another file");
                }
            }
            if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
                throw new UsageException(target + " exists and is not a regular file (a directory, link or device); "
                        + "jmmtk replaces only regular files");
            }
            requireReplaceable(target);
        }
        directory(target);
    }

    /**
     * {@link #check} for the target of {@code option}, whose message then starts with the option
     * ({@code --jfr out: no such directory ...}), so a command with several outputs says which one is wrong.
     */
    public static void checkOption(String option, Path target, Path... given) throws IOException {
        try {
            check(target, given);
        } catch (UsageException e) {
            throw new UsageException(option + " " + e.getMessage());
        }
    }

    /**
     * Refuses to replace an existing file the user may not write, as {@code cp} would: one that is not
     * writable for this user, or whose mode gives its owner no write permission. The mode is read
     * explicitly because the super-user writes anything: a file made read-only ({@code chmod a-w}) stays
     * protected when jmmtk runs as root too. The rename needs only the directory's permission, which is
     * why this is checked at all.
     */
    static void requireReplaceable(Path target) throws IOException {
        if (!ownerMayWrite(target)) {
            throw new UsageException(target + " exists and is read-only (no write permission); left it alone");
        }
    }

    /** Whether this user may write {@code p} and its mode gives its owner write permission (the same for root). */
    private static boolean ownerMayWrite(Path p) throws IOException {
        if (!Files.isWritable(p)) {
            return false;
        }
        try {
            return Files.getPosixFilePermissions(p).contains(PosixFilePermission.OWNER_WRITE);
        } catch (UnsupportedOperationException e) {
            return true; // no POSIX modes here: isWritable already applied the file system's own rule
        }
    }

    private static boolean sameFile(Path a, Path b) throws IOException {
        try {
            return Files.isSameFile(a, b);
        } catch (NoSuchFileException e) {
            return false;
        }
    }

    private static Path directory(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new UsageException(target + ": no such directory " + dir);
        }
        if (!ownerMayWrite(dir)) {
            throw new UsageException(target + ": cannot write here (the directory " + dir + " is read-only)");
        }
        return dir;
    }

    /** An I/O failure while writing {@code target}, as an exception that names it (unless it names a file already). */
    public static IOException named(Path target, IOException e) {
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return e;
        }
        FileSystemException named = new FileSystemException(target.toString(), null, "cannot write: " + IoErrors.reason(e));
        named.initCause(e);
        return named;
    }

    /** Where to write the content. */
    public Path temp() {
        return temp;
    }

    /** The file this replaces when committed. */
    public Path target() {
        return target;
    }

    /** Moves the written content into place (atomically where the file system can). */
    public void commit() throws IOException {
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new UsageException(target + " is no longer a regular file; left it alone");
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            requireReplaceable(target);
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
    }

    /** Deletes the temporary file unless committed; the target is untouched then. */
    @Override
    public void close() throws IOException {
        if (!committed) {
            Files.deleteIfExists(temp);
        }
    }
}
