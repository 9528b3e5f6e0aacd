package org.jmmtk.tools;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.jmmtk.plans.Plans;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code jmmtk plans}: one line per registered plan. */
@Command(name = "plans", description = "List the collector plans.")
final class PlansCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(Plans.listing());
        out.flush();
        return ExitCodes.OK;
    }
}
