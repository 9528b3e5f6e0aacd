package org.jmmtk.tools.output;

import org.jmmtk.tools.error.IoErrors;
import org.jmmtk.tools.error.UsageException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where a command writes several files: {@code --out-dir DIR}, created if missing. {@code --out}, the
 * old spelling, is kept as a hidden alias for one release. Each file inside is written through
 * {@link OutputFile}, so a failure leaves the directory's earlier files as they were.
 */
public final class OutputDirectory {
    @Option(names = "--out-dir", paramLabel = "DIR",
            description = "Also write the result as files (CSV, and plots where there are any) into DIR, created if missing.")
    private Path dir;

    @Option(names = "--out", paramLabel = "DIR", hidden = true, description = "Old spelling of --out-dir.")
    private Path legacy;

    /** The directory, or null when none was given. */
    public Path dir() {
        if (dir != null && legacy != null) {
            throw new UsageException("give --out-dir once (--out is its old spelling)");
        }
        return dir != null ? dir : legacy;
    }

    /**
     * Refuses a path that exists and is not a directory, before any long work; creates the directory;
     * and keeps the command's {@code inputs} from being replaced by any file written into it
     * ({@link OutputFile#keepInputs}).
     */
    public void check(Path... inputs) throws IOException {
        Path d = dir();
        if (d != null) {
            create(d, "--out-dir");
            OutputFile.keepInputs(inputs);
        }
    }

    /** Creates {@code d} if missing; bad usage, naming {@code option}, if it exists and is not a directory. */
    public static void create(Path d, String option) {
        if (d.toString().isEmpty()) {
            throw new UsageException(option + " '': an empty name is not a directory (write . for the current one)");
        }
        if (Files.exists(d, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(d)) {
            throw new UsageException(d + " exists and is not a directory (" + option + " takes a directory)");
        }
        try {
            Files.createDirectories(d);
        } catch (IOException e) {
            throw new UsageException(d + ": cannot create the directory (" + IoErrors.reason(e) + ")");
        }
    }
}
