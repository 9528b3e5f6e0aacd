package org.jmmtk.tools;

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
        for (Plans.Entry e : Plans.all()) {
            spec.commandLine().getOut().printf("%-12s %s%n", e.name(), e.description());
        }
        return ExitCodes.OK;
    }
}
