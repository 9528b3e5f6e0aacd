package org.jmmtk.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.jmmtk.core.extension.ExtensionClassPath;
import org.jmmtk.core.extension.Extensions;
import org.jmmtk.tools.option.PlanOptionFlags;
import org.jmmtk.tools.run.RunCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@link CommandModels}, the model {@code jmmtk run} is built from, is what its annotations declare: the file is what
 * {@link CommandModelGenerator} writes from them now, and the model it builds has the same options, attributes,
 * usage, mixins and parse results as picocli's reflective model of the annotated classes.
 */
class CommandModelsTest {
    /** How to write the file again, for the failure message. */
    private static final String REGENERATE = "CommandModels.java is stale: the annotations of Main, RunCommand or "
            + "its mixins changed; write it again with  mvn -B -o -q -pl tools -am verify -Dtest=CommandModelsTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Djmmtk.regenerate=true  (which writes it; run the test again without "
            + "the property to check the model built from it), and commit it";

    @Test
    void theFileIsWhatTheAnnotationsGenerate() throws IOException {
        if (Boolean.getBoolean("jmmtk.regenerate")) {
            CommandModelGenerator.write();
        }
        String committed = Files.readString(CommandModelGenerator.SOURCE, StandardCharsets.UTF_8);
        assertEquals(CommandModelGenerator.source(), committed, REGENERATE);
    }

    /** Both models of {@code jmmtk run}, settings and plan options added as {@link Main} adds them. */
    private record Models(CommandLine annotated, CommandLine generated) {
        static Models build() {
            CommandLine annotated = new CommandLine(new Main()).addSubcommand(RunCommand.class);
            CommandLine generated = new CommandLine(CommandModels.root(new Main()))
                    .addSubcommand(new CommandLine(CommandModels.run(new RunCommand())));
            Extensions.use(ExtensionClassPath.EMPTY);
            for (CommandLine c : List.of(annotated, generated)) {
                c.setCaseInsensitiveEnumValuesAllowed(true);
                PlanOptionFlags.addTo(c);
            }
            return new Models(annotated, generated);
        }

        CommandLine run(CommandLine root) {
            return root.getSubcommands().get("run");
        }
    }

    @Test
    void theGeneratedModelHasTheAnnotatedOptionsAndUsage() {
        Models m = Models.build();
        for (Function<CommandLine, CommandLine> which : List.<Function<CommandLine, CommandLine>>of(c -> c, m::run)) {
            CommandSpec a = which.apply(m.annotated()).getCommandSpec();
            CommandSpec g = which.apply(m.generated()).getCommandSpec();
            assertEquals(a.name(), g.name());
            assertEquals(List.of(a.aliases()), List.of(g.aliases()));
            assertEquals(List.of(a.version()), List.of(g.version()));
            assertEquals(a.mixinStandardHelpOptions(), g.mixinStandardHelpOptions(), a.name());
            // not scopeType and inherited: the generated top level is not INHERIT (picocli would build the help
            // options of each command by reflection); run has the help options and the version itself, compared here
            assertEquals(a.usageMessage().sortOptions(), g.usageMessage().sortOptions(), a.name());
            assertEquals(a.mixins().keySet(), g.mixins().keySet(), a.name());
            assertEquals(names(a.options()), names(g.options()), a.name());
            for (int i = 0; i < a.options().size(); i++) {
                assertEquals(attributes(a.options().get(i)), attributes(g.options().get(i)), a.name());
            }
            assertEquals(which.apply(m.annotated()).getUsageMessage(), which.apply(m.generated()).getUsageMessage());
        }
        assertTrue(m.run(m.generated()).getCommandSpec().optionsMap().containsKey("--nursery"), "plan options added");
    }

    @Test
    void runAloneShowsItsHelpAndTheVersion() {
        Cli.Result help = Cli.run("run", "--help");
        assertEquals(0, help.code(), help.err());
        assertTrue(help.out().startsWith("Usage: jmmtk run "), help.out());
        assertEquals(help.out(), Cli.run("run", "-h").out());
        Cli.Result version = Cli.run("run", "-V");
        assertEquals(0, version.code(), version.err());
        assertEquals(Main.commandLine().getCommandSpec().version()[0] + System.lineSeparator(), version.out());
    }

    private static List<String> names(List<OptionSpec> options) {
        return options.stream().map(OptionSpec::longestName).toList();
    }

    /** Every attribute of an option that the parser or the usage reads. */
    private static Map<String, Object> attributes(OptionSpec o) {
        Map<String, Object> a = new TreeMap<>();
        a.put("names", List.of(o.names()));
        a.put("paramLabel", o.paramLabel());
        a.put("description", List.of(o.description()));
        a.put("defaultValue", String.valueOf(o.defaultValue()));
        a.put("arity", o.arity().toString() + "/" + o.arity().isUnspecified());
        a.put("type", o.type());
        a.put("auxiliaryTypes", List.of(o.auxiliaryTypes()));
        a.put("required", o.required());
        a.put("hidden", o.hidden());
        a.put("split", o.splitRegex());
        a.put("initialValue", String.valueOf(o.initialValue()));
        a.put("hasInitialValue", o.hasInitialValue());
        a.put("scopeType", o.scopeType());
        a.put("inherited", o.inherited());
        a.put("order", o.order());
        a.put("negatable", o.negatable());
        a.put("showDefaultValue", o.showDefaultValue());
        a.put("usageHelp", o.usageHelp());
        a.put("versionHelp", o.versionHelp());
        a.put("help", o.help());
        a.put("fallbackValue", o.fallbackValue());
        a.put("interactive", o.interactive());
        // the annotation's default is "", the builder's null: both mean no key in a resource bundle
        a.put("descriptionKey", o.descriptionKey() == null ? "" : o.descriptionKey());
        a.put("multiValue", o.isMultiValue());
        a.put("typedValues", o.typeInfo().isCollection() + "/" + o.typeInfo().isEnum() + "/" + o.typeInfo().isBoolean());
        return a;
    }

    @Test
    void everyOptionParsesIntoTheSameFieldsAndSpecsAreInjected() {
        String[] args = {"run", "--plan", "semispace", "--heap", "2m", "--page-size", "256", "--block-size", "8k",
                "--line-size", "128", "--tlab-size", "1k", "--packet-capacity", "64", "--gc-overhead-limit", "off",
                "--plugin", "arena", "--plugin", "filip", "--sanity", "--count-metadata", "--pacing", "real",
                "--trace", "t.jtb", "--workload", "random", "--seed", "7", "--scale", "0.5", "--heap-factor", "2.5", "--min-heap-factor", "3",
                "--threads", "3", "--sync", "EARLY", "--granule", "4k", "--mutator-threads", "2",
                "--page-resource-lock", "coarse", "--json", "--warmup", "2", "--jfr", "r.jfr", "--perfetto", "p.json",
                "--gcs", "2-5", "--every", "2", "--min-dur", "1.5", "--include-final", "--mmu-out", "m.csv",
                "--arena-events", "a.bin", "--sample", "1/8", "--nursery", "1m"};
        Models m = Models.build();
        CommandLine.ParseResult a = m.annotated().parseArgs(args);
        CommandLine.ParseResult g = m.generated().parseArgs(args);
        List<String> every = new ArrayList<>(names(CommandModels.run(new RunCommand()).options()));
        every.removeAll(List.of("--help", "--version"));
        every.add("--nursery");
        List<String> matched = new ArrayList<>();
        for (OptionSpec o : g.subcommand().matchedOptions()) {
            matched.add(o.longestName());
        }
        assertEquals(every.stream().sorted().toList(), matched.stream().sorted().distinct().toList(),
                "the command line above gives every option of run, and one plan option");
        Object annotatedRun = a.subcommand().commandSpec().userObject();
        Object generatedRun = g.subcommand().commandSpec().userObject();
        assertEquals(fields(annotatedRun, m.run(m.annotated()).getCommandSpec()),
                fields(generatedRun, m.run(m.generated()).getCommandSpec()));
        assertFalse(fields(generatedRun, m.run(m.generated()).getCommandSpec()).isEmpty());
        assertSame(m.generated().getCommandSpec(), specField(m.generated().getCommandSpec().userObject()));
    }

    /**
     * The fields of a command or mixin, mixins walked into: option values as text, specs as which spec they are
     * ({@code run}: {@code command}'s; anything else named).
     */
    private static Map<String, String> fields(Object o, CommandSpec command) {
        Map<String, String> out = new TreeMap<>();
        walk(o, o.getClass().getSimpleName(), command, out);
        return out;
    }

    private static void walk(Object o, String path, CommandSpec command, Map<String, String> out) {
        for (Field f : o.getClass().getDeclaredFields()) {
            if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            f.setAccessible(true);
            Object v;
            try {
                v = f.get(o);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            String p = path + "." + f.getName();
            if (f.isAnnotationPresent(CommandLine.Mixin.class)) {
                assertNotNull(v, p);
                walk(v, p, command, out);
            } else if (v instanceof CommandSpec s) {
                out.put(p, s == command ? "the command's spec" : "spec " + s.name());
            } else {
                out.put(p, v instanceof Object[] array ? Arrays.toString(array) : String.valueOf(v));
            }
        }
    }

    private static Object specField(Object main) {
        try {
            Field f = main.getClass().getDeclaredField("spec");
            f.setAccessible(true);
            return f.get(main);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
