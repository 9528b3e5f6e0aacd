package org.jmmtk.tools;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jmmtk.tools.run.RunCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Writes {@link CommandModels}, picocli's model of {@code jmmtk} and {@code jmmtk run} as plain builder calls, from
 * the picocli annotations of {@link Main}, {@link RunCommand} and its mixins, the one place the options are
 * declared. {@code jmmtk run} builds its model from that file, without the JDK's annotation proxies and picocli's
 * reflection, which took most of its start-up after {@code main}. {@link CommandModelsTest} fails when the file
 * is not what this writes now, and says how to write it again. An annotation attribute it does not
 * know stops it, rather than being dropped: add it here (and the test compares it) first. Run by the test's thread.
 */
public final class CommandModelGenerator {
    /** Where the generated file lives, from the tools module's folder. */
    static final Path SOURCE = Path.of("src/main/java/org/jmmtk/tools/CommandModels.java");

    /** The option attributes written; any other one, given, is an error. */
    private static final Set<String> OPTION_ATTRIBUTES = Set.of("names", "paramLabel", "description", "defaultValue",
            "arity", "hidden", "required", "split");
    /** The command attributes written; any other one, given, is an error. */
    private static final Set<String> COMMAND_ATTRIBUTES = Set.of("name", "aliases", "description", "sortOptions",
            "mixinStandardHelpOptions", "scope", "version");
    private static final int WIDTH = 110;
    /** picocli's key of the standard help options' mixin. */
    private static final String HELP_MIXIN = "mixinStandardHelpOptions";
    /** picocli's reflective model of the commands generated: what the generated model must equal. */
    private static final CommandLine ORACLE = new CommandLine(new Main()).addSubcommand(RunCommand.class);

    private final StringBuilder out = new StringBuilder();
    private int variables;

    private CommandModelGenerator() {
    }

    /** Writes the file (CommandModelsTest does, with {@code -Djmmtk.regenerate=true}). */
    static void write() throws IOException {
        Files.writeString(SOURCE, source(), StandardCharsets.UTF_8);
    }

    /** The source of {@link CommandModels}. */
    static String source() {
        CommandModelGenerator g = new CommandModelGenerator();
        g.file();
        return g.out.toString();
    }

    private void file() {
        line("package org.jmmtk.tools;");
        line("");
        line("import java.util.List;");
        line("import org.jmmtk.tools.run.RunCommand;");
        line("import picocli.CommandLine.Model.CommandSpec;");
        line("import picocli.CommandLine.Model.OptionSpec;");
        line("import picocli.CommandLine.ScopeType;");
        line("");
        line("/**");
        line(" * picocli's model of {@code jmmtk} and {@code jmmtk run}, built by plain calls: the annotations of Main,");
        line(" * RunCommand and its mixins, read by the JDK's annotation proxies and picocli's reflection, took most of");
        line(" * {@code run}'s start-up after {@code main}. GENERATED from those annotations by CommandModelGenerator");
        line(" * (tools/src/test): do not edit; CommandModelsTest fails when this file is stale and says how to write it");
        line(" * again. Used on the command's thread.");
        line(" */");
        line("final class CommandModels {");
        line("    /** The names {@code run} answers to, its name first. */");
        Command run = RunCommand.class.getAnnotation(Command.class);
        List<String> names = new ArrayList<>(List.of(run.name()));
        names.addAll(List.of(run.aliases()));
        line("    static final List<String> RUN_NAMES = List.of(" + literals(names.toArray(String[]::new)) + ");");
        line("");
        line("    private CommandModels() {");
        line("    }");
        command("root", Main.class, "main", "The top-level command, {@code jmmtk}, without its commands.");
        command("run", RunCommand.class, "command", "{@code jmmtk run}.");
        standardHelpOptions();
        line("}");
    }

    private void command(String method, Class<?> type, String instance, String doc) {
        Command c = type.getAnnotation(Command.class);
        CommandSpec oracle = type == Main.class ? ORACLE.getCommandSpec() : ORACLE.getSubcommands().get(c.name()).getCommandSpec();
        line("");
        line("    /** " + doc + " */");
        line("    static CommandSpec " + method + "(" + type.getSimpleName() + " " + instance + ") {");
        line("        CommandSpec spec = CommandSpec.wrapWithoutInspection(" + instance + ");");
        commandAttributes(c, type == Main.class ? null : Main.class.getAnnotation(Command.class));
        members(type, instance, "spec", "spec");
        helpOptions(oracle);
        if (type == Main.class && oracle.options().size() != oracle.mixins().getOrDefault(HELP_MIXIN, oracle).options().size()) {
            // with scope INHERIT they would be copied into each command, which the generated model does not do
            throw new IllegalStateException("options of the top-level command are not generated: " + oracle.options());
        }
        line("        return spec;");
        line("    }");
    }

    /**
     * The attributes of command {@code c}, with what it inherits from {@code parent} (null: none). Two are not
     * written as they are: picocli builds the standard help options by reflection (an annotated mixin of its own),
     * and its scope INHERIT makes every subcommand build them again, so each command gets them as plain options
     * ({@link #helpOptions}) and a subcommand of an INHERIT parent gets the parent's version itself.
     */
    private void commandAttributes(Command c, Command parent) {
        checkOnly(c, COMMAND_ATTRIBUTES);
        boolean inherits = parent != null && parent.scope() == CommandLine.ScopeType.INHERIT;
        if (parent != null && c.scope() == CommandLine.ScopeType.INHERIT) {
            throw new IllegalStateException("scope INHERIT below the top is not generated: " + c);
        }
        line("        spec.name(" + literal(c.name()) + ");");
        if (c.aliases().length > 0) {
            line("        spec.aliases(" + literals(c.aliases()) + ");");
        }
        String[] version = c.version().length == 0 && inherits ? parent.version() : c.version();
        if (version.length > 0) {
            line("        spec.version(" + literals(version) + ");");
        }
        if (!c.sortOptions()) {
            line("        spec.usageMessage().sortOptions(false);");
        }
        if (c.description().length > 0) {
            line("        spec.usageMessage().description(" + literals(c.description()) + ");");
        }
    }

    /**
     * The standard help options, as picocli's reflective model of the command has them (if it has them): a
     * method of their own, {@code standardHelpOptions}, which every command calls whose help options are the
     * top-level command's.
     */
    private void helpOptions(CommandSpec oracle) {
        CommandSpec help = oracle.mixins().get(HELP_MIXIN);
        if (help == null) {
            return;
        }
        if (!attributes(help).equals(attributes(ORACLE.getCommandSpec().mixins().get(HELP_MIXIN)))) {
            throw new IllegalStateException(oracle.name() + "'s help options are not the top-level command's; "
                    + "generate them apart in " + getClass());
        }
        line("        spec.addMixin(" + literal(HELP_MIXIN) + ", standardHelpOptions());");
    }

    /** What the generated help options are made of, to check that one method serves every command. */
    private static List<String> attributes(CommandSpec help) {
        List<String> out = new ArrayList<>();
        for (OptionSpec o : help.options()) {
            out.add(List.of(o.names()) + o.paramLabel() + List.of(o.description()) + o.descriptionKey() + o.usageHelp()
                    + o.versionHelp() + o.type() + o.initialValue() + o.hasInitialValue() + o.scopeType() + o.inherited());
        }
        return out;
    }

    private void standardHelpOptions() {
        line("");
        line("    /** picocli's standard help options ({@code -h}, {@code -V}), built as its reflective model has them. */");
        line("    private static CommandSpec standardHelpOptions() {");
        line("        CommandSpec help = CommandSpec.create();");
        for (OptionSpec o : ORACLE.getCommandSpec().mixins().get(HELP_MIXIN).options()) {
            List<String> calls = new ArrayList<>();
            calls.add("OptionSpec.builder(" + literals(o.names()) + ")");
            calls.add(".paramLabel(" + literal(o.paramLabel()) + ")");
            calls.add(".description(" + literals(o.description()) + ")");
            calls.add(".descriptionKey(" + literal(o.descriptionKey()) + ")");
            calls.add(".usageHelp(" + o.usageHelp() + ").versionHelp(" + o.versionHelp() + ")");
            calls.add(".type(" + classLiteral(o.type()) + ")");
            calls.add(".initialValue(" + o.initialValue() + ").hasInitialValue(" + o.hasInitialValue() + ")");
            calls.add(".scopeType(ScopeType." + o.scopeType().name() + ").inherited(" + o.inherited() + ").build()");
            wrapped("        help.addOption(", calls, ");");
        }
        line("        return help;");
        line("    }");
    }

    /**
     * The members of {@code type}, whose instance is the variable {@code instance}, added to the spec {@code spec};
     * {@code mixee} is the command that mixes them in (for {@code @Spec(MIXEE)}).
     */
    private void members(Class<?> type, String instance, String spec, String mixee) {
        for (Method m : type.getDeclaredMethods()) {
            if (picocliAnnotation(m.getDeclaredAnnotations()) != null) {
                throw new IllegalStateException(m + ": annotated methods are not generated; add them to " + getClass());
            }
        }
        CommandSpec reflective = CommandSpec.forAnnotatedObject(newInstance(type));
        for (Field f : type.getDeclaredFields()) {
            Annotation a = picocliAnnotation(f.getDeclaredAnnotations());
            if (a == null) {
                continue;
            }
            if (a instanceof Option o) {
                option(f, o, reflective.findOption(o.names()[0]), instance, spec);
            } else if (a instanceof Mixin m) {
                mixin(f, m, instance, spec);
            } else if (a instanceof Spec s) {
                String target = s.value() == Spec.Target.MIXEE ? mixee : spec;
                line("        FieldBinding.of(" + instance + ", " + literal(f.getName()) + ").set(" + target + ");");
            } else {
                throw new IllegalStateException(f + ": @" + a.annotationType().getSimpleName()
                        + " is not generated; add it to " + getClass());
            }
        }
    }

    private void option(Field f, Option o, OptionSpec reflective, String instance, String spec) {
        checkOnly(o, OPTION_ATTRIBUTES);
        List<String> calls = new ArrayList<>();
        calls.add("OptionSpec.builder(" + literals(o.names()) + ")");
        // picocli's own default label is the field's name, <sanity>
        calls.add(".paramLabel(" + literal(reflective.paramLabel()) + ")");
        if (o.description().length > 0) {
            calls.add(".description(" + literals(o.description()) + ")");
        }
        if (!isDefault(o, "defaultValue")) {
            calls.add(".defaultValue(" + literal(o.defaultValue()) + ")");
        }
        if (!o.arity().isEmpty()) {
            calls.add(".arity(" + literal(o.arity()) + ")");
        }
        if (o.hidden()) {
            calls.add(".hidden(true)");
        }
        if (o.required()) {
            calls.add(".required(true)");
        }
        if (!o.split().isEmpty()) {
            calls.add(".splitRegex(" + literal(o.split()) + ")");
        }
        calls.add(".type(" + classLiteral(f.getType()) + ")");
        calls.add(".auxiliaryTypes(" + String.join(", ",
                Arrays.stream(reflective.auxiliaryTypes()).map(CommandModelGenerator::classLiteral).toList()) + ")");
        wrapped("        " + spec + ".addOption(FieldBinding.of(" + instance + ", " + literal(f.getName()) + ").option(",
                calls, "));");
    }

    private void mixin(Field f, Mixin m, String instance, String spec) {
        String name = m.name().isEmpty() ? f.getName() : m.name();
        String object = "m" + variables++;
        String mixinSpec = object + "Spec";
        String type = f.getType().getName().replace('$', '.');
        line("        " + type + " " + object + " = new " + type + "();");
        line("        FieldBinding.of(" + instance + ", " + literal(f.getName()) + ").set(" + object + ");");
        line("        CommandSpec " + mixinSpec + " = CommandSpec.wrapWithoutInspection(" + object + ");");
        members(f.getType(), object, mixinSpec, spec);
        line("        " + spec + ".addMixin(" + literal(name) + ", " + mixinSpec + ");");
    }

    private static Object newInstance(Class<?> type) {
        try {
            var c = type.getDeclaredConstructor();
            c.setAccessible(true);
            return c.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type + " needs a constructor without arguments", e);
        }
    }

    private static Annotation picocliAnnotation(Annotation[] annotations) {
        for (Annotation a : annotations) {
            if (a.annotationType().getEnclosingClass() == CommandLine.class) {
                return a;
            }
        }
        return null;
    }

    /** Stops at an attribute given a value other than its default that this generator does not write. */
    private static void checkOnly(Annotation a, Set<String> written) {
        for (Method m : a.annotationType().getDeclaredMethods()) {
            if (!written.contains(m.getName()) && !isDefault(a, m.getName())) {
                throw new IllegalStateException("@" + a.annotationType().getSimpleName() + "(" + m.getName()
                        + ") is not generated; add it to CommandModelGenerator: " + a);
            }
        }
    }

    private static boolean isDefault(Annotation a, String attribute) {
        try {
            Method m = a.annotationType().getDeclaredMethod(attribute);
            return Objects.deepEquals(m.invoke(a), m.getDefaultValue());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String classLiteral(Class<?> c) {
        return c.getCanonicalName() + ".class";
    }

    /** Literals separated by commas, one a line where there are several and they are long. */
    private static String literals(String[] values) {
        String one = String.join(", ", Arrays.stream(values).map(CommandModelGenerator::literal).toList());
        if (values.length < 2 || (one.length() <= 80 && !one.contains("\n"))) {
            return one;
        }
        return String.join(",\n                ", Arrays.stream(values).map(CommandModelGenerator::literal).toList());
    }

    /** A Java string literal of {@code s}, split with + where it is long. */
    private static String literal(String s) {
        StringBuilder b = new StringBuilder("\"");
        int column = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (column > 80 && c == ' ') {
                b.append(" \"\n                + \"");
                column = 0;
                continue;
            }
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
            column++;
        }
        return b.append('"').toString();
    }

    /** {@code head}, then the calls, one line each where they do not fit on one, then {@code tail}. */
    private void wrapped(String head, List<String> calls, String tail) {
        String one = head + String.join("", calls) + tail;
        if (one.length() <= WIDTH && !one.contains("\n")) {
            line(one);
            return;
        }
        line(head + calls.get(0));
        for (int i = 1; i < calls.size(); i++) {
            line("                " + calls.get(i) + (i == calls.size() - 1 ? tail : ""));
        }
    }

    private void line(String s) {
        out.append(s).append('\n');
    }
}
