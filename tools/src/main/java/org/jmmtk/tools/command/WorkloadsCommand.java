package org.jmmtk.tools.command;

import org.jmmtk.bindings.workloads.Workloads;
import picocli.CommandLine.Command;

/** {@code jmmtk workloads}: one line per built-in workload. */
@Command(name = "workloads", description = "List the built-in workloads.")
public final class WorkloadsCommand extends ListCommand {
    @Override
    String listing() {
        return Workloads.REGISTRY.listing();
    }
}
