package org.jmmtk.tools;

import picocli.CommandLine.Option;

/** {@code --threads N}: the GC worker count of commands that run one configuration. */
final class ThreadsOption {
    @Option(names = "--threads", paramLabel = "N",
            description = "GC worker threads (default: the number of processors).")
    int threads = Runtime.getRuntime().availableProcessors();
}
