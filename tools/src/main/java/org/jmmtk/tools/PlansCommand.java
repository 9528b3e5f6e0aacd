package org.jmmtk.tools;

import org.jmmtk.plans.Plans;
import picocli.CommandLine.Command;

/** {@code jmmtk plans}: one line per registered plan. */
@Command(name = "plans", description = "List the collector plans.")
final class PlansCommand extends ListCommand {
    @Override
    String listing() {
        return Plans.REGISTRY.listing();
    }
}
