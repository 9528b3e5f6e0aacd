package org.jmmtk.tools;

import java.io.PrintWriter;
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
        PrintWriter out = spec.commandLine().getOut();
        out.print(Workloads.listing());
        out.flush();
        return ExitCodes.OK;
    }
}
