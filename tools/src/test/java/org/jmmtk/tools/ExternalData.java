package org.jmmtk.tools;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where other projects' traces are kept outside the project ({@code shared/external} beside the
 * checkout or one of its parents, e.g. a worktree's): tests that check jmmtk against them are skipped
 * when they are not there.
 */
public final class ExternalData {
    private ExternalData() {
    }

    /** {@code shared/external/RELATIVE} in the nearest folder above the working directory that has it. */
    public static Path find(String relative) {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("shared/external").resolve(relative);
            if (Files.exists(candidate)) {
                return candidate;
            }
        }
        return Path.of("../../shared/external").resolve(relative).toAbsolutePath().normalize();
    }
}
