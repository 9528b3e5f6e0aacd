package org.jmmtk.tools;

import java.util.concurrent.Callable;
import org.jmmtk.bindings.workloads.Workloads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code jmmtk workloads}: one line per built-in workload. */
@Command(name = "workloads", description = "List the built-in workloads.")
final class WorkloadsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        for (Workloads.Entry e : Workloads.all()) {
            spec.commandLine().getOut().printf("%-12s %s%n", e.name(), e.description());
        }
        return ExitCodes.OK;
    }
}
