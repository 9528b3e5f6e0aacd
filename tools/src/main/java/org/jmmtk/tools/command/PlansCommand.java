package org.jmmtk.tools.command;

import java.util.List;
import java.util.Locale;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.plans.Plans;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jmmtk plans}: one line per registered plan, with where it came from, and with {@code --options} its options. */
@Command(name = "plans", description = {"List the collector plans and where each came from (built in, or a jar's path).",
        "With --options, each plan's own options follow it, as its provider declares them: every command that "
                + "takes --plan takes them for that plan only, and study files as camel-case keys under 'options:' "
                + "(survivor-ratio: survivorRatio)."})
public final class PlansCommand extends ListCommand {
    @Option(names = "--options", description = "Under each plan, list the options it takes, with their defaults.")
    boolean options;

    @Override
    String listing() {
        List<Plans.Entry> plans = Plans.REGISTRY.all();
        if (!options) {
            return withOrigins(plans);
        }
        StringBuilder s = new StringBuilder();
        for (Plans.Entry p : plans) {
            s.append(withOrigins(List.of(p)));
            for (PlanOption o : p.options()) {
                s.append(String.format(Locale.ROOT, "    %-32s %s%n", o, o.describe()));
            }
        }
        return s.toString();
    }
}
