package org.jmmtk.tools;

import org.jmmtk.plans.Plans;
import picocli.CommandLine.Command;

/** {@code jmmtk plans}: one line per registered plan, with where it came from. */
@Command(name = "plans", description = "List the collector plans and where each came from (built in, or a jar's path).")
final class PlansCommand extends ListCommand {
    @Override
    String listing() {
        return withOrigins(Plans.REGISTRY.all());
    }
}
