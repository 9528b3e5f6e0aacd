package org.jmmtk.tools.option;

import org.jmmtk.tools.error.UsageException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.core.extension.Discovery;
import org.jmmtk.core.extension.ExtensionException;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanOptionValues;
import org.jmmtk.plans.Plans;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The plans' own options on the command line: once the plans are discovered, every command that
 * chooses a plan ({@link CollectorOptions}) gets one option per name a registered plan declares
 * ({@code --nursery}, {@code --window}, a jar's own), documented from the declarations; the values
 * given are parsed and checked for the chosen plan, and an option it does not declare is a usage
 * error naming the option and the plan. Used on the command's thread.
 */
public final class PlanOptionFlags {
    /** Marks a picocli option as the plan option {@code name} (its user object). */
    private record Marker(String name) {
    }

    private PlanOptionFlags() {
    }

    /**
     * Adds the plan options to every command under {@code root} that chooses a plan (the plans are
     * discovered only if there is one).
     */
    public static void addTo(CommandLine root) {
        List<CommandSpec> choosing = new ArrayList<>();
        for (CommandLine command : commands(root, new ArrayList<>())) {
            CommandSpec spec = command.getCommandSpec();
            if (spec.mixins().values().stream().anyMatch(m -> m.userObject() instanceof CollectorOptions)) {
                choosing.add(spec);
            }
        }
        if (choosing.isEmpty()) {
            return;
        }
        Map<String, List<Plans.Entry>> declaring = declaring(Plans.REGISTRY.all());
        for (CommandSpec spec : choosing) {
            for (Map.Entry<String, List<Plans.Entry>> e : declaring.entrySet()) {
                spec.addOption(option(spec, e.getKey(), e.getValue()));
            }
        }
    }

    /** The plans declaring each option name, names in order of first declaration. */
    static Map<String, List<Plans.Entry>> declaring(List<Plans.Entry> plans) {
        Map<String, List<Plans.Entry>> declaring = new LinkedHashMap<>();
        for (Plans.Entry p : plans) {
            for (PlanOption o : p.options()) {
                declaring.computeIfAbsent(o.name(), n -> new ArrayList<>()).add(p);
            }
        }
        return declaring;
    }

    private static List<CommandLine> commands(CommandLine command, List<CommandLine> out) {
        out.add(command);
        for (CommandLine sub : command.getSubcommands().values()) {
            if (!out.contains(sub)) {
                commands(sub, out);
            }
        }
        return out;
    }

    private static OptionSpec option(CommandSpec command, String name, List<Plans.Entry> plans) {
        String flag = "--" + name;
        if (command.optionsMap().containsKey(flag)) {
            Plans.Entry p = plans.get(0);
            throw new ExtensionException((p.origin().equals(Discovery.BUILT_IN) ? "" : p.origin() + ": ") + "plan "
                    + Quote.of(p.name()) + " declares the option " + flag + ", which 'jmmtk " + command.name()
                    + "' already has for itself; give it another name");
        }
        List<PlanOption> declarations = plans.stream().map(p -> p.option(name).orElseThrow()).toList();
        boolean oneType = declarations.stream().map(PlanOption::type).distinct().count() == 1;
        return OptionSpec.builder(flag).type(String.class).userObject(new Marker(name))
                .paramLabel(oneType ? declarations.get(0).type().paramLabel : "VALUE")
                .description(escape(description(name, plans))).build();
    }

    /** One sentence per distinct declaration, with the plans that make it, then the rule for the others. */
    private static String description(String name, List<Plans.Entry> plans) {
        Map<String, List<String>> byText = new LinkedHashMap<>();
        for (Plans.Entry p : plans) {
            byText.computeIfAbsent(p.option(name).orElseThrow().describe(), t -> new ArrayList<>()).add(p.name());
        }
        StringBuilder s = new StringBuilder();
        for (Map.Entry<String, List<String>> e : byText.entrySet()) {
            s.append(String.join(", ", e.getValue())).append(": ").append(e.getKey()).append(". ");
        }
        return s.append("An error for any other plan.").toString();
    }

    /** Text picocli shows as it is: no format specifiers, no variables. */
    private static String escape(String text) {
        return text.replace("%", "%%").replace("${", "$${");
    }

    /**
     * The plan options given on {@code command}'s command line, parsed and checked for {@code plan}: a
     * usage error for one it does not declare, or for a bad value.
     */
    static PlanOptionValues values(CommandSpec command, Plans.Entry plan) {
        PlanOptionValues values = PlanOptionValues.NONE;
        CommandLine.ParseResult parsed = command.commandLine().getParseResult();
        if (parsed == null) {
            return values;
        }
        for (OptionSpec o : parsed.matchedOptions()) {
            if (o.userObject() instanceof Marker m) {
                PlanOption declared = plan.option(m.name()).orElseThrow(() -> notDeclared(m.name(), plan));
                try {
                    values = values.with(declared, declared.parse(o.getValue()));
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage());
                }
            }
        }
        return values;
    }

    private static UsageException notDeclared(String name, Plans.Entry plan) {
        String others = declaring(Plans.REGISTRY.all()).getOrDefault(name, List.of()).stream().map(Plans.Entry::name)
                .collect(Collectors.joining(", "));
        String own = plan.options().isEmpty() ? "it takes none"
                : "its options: " + plan.options().stream().map(PlanOption::flag).collect(Collectors.joining(", "));
        return new UsageException("--" + name + " is not an option of plan " + Quote.of(plan.name()) + " (" + own
                + "); the plans that take it: " + others);
    }
}
