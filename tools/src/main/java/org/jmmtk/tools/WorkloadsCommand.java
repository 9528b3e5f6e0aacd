package org.jmmtk.tools;

import org.jmmtk.bindings.workloads.Workloads;
import picocli.CommandLine.Command;

/** {@code jmmtk workloads}: one line per built-in workload. */
@Command(name = "workloads", description = "List the built-in workloads.")
final class WorkloadsCommand extends ListCommand {
    @Override
    String listing() {
        return Workloads.REGISTRY.listing();
    }
}
