package org.jmmtk.tools.option;

import picocli.CommandLine.Option;

/** {@code --threads N}: the GC worker count of commands that run one configuration. */
public final class ThreadsOption {
    @Option(names = "--threads", paramLabel = "N",
            description = "GC worker threads (default: the number of processors).")
    public int threads = Runtime.getRuntime().availableProcessors();
}
