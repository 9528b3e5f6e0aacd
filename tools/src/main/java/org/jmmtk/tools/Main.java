package org.jmmtk.tools;

import org.jmmtk.tools.arena.ArenaCommand;
import org.jmmtk.tools.calibrate.CalibrateCommand;
import org.jmmtk.tools.command.HelpCommand;
import org.jmmtk.tools.command.PlansCommand;
import org.jmmtk.tools.command.PluginsCommand;
import org.jmmtk.tools.command.Version;
import org.jmmtk.tools.command.WorkloadsCommand;
import org.jmmtk.tools.error.ErrorHandler;
import org.jmmtk.tools.error.UncaughtHandler;
import org.jmmtk.tools.error.UsageErrorHandler;
import org.jmmtk.tools.lifetimes.GranulateCommand;
import org.jmmtk.tools.lifetimes.LifetimesCommand;
import org.jmmtk.tools.minheap.MinHeapCommand;
import org.jmmtk.tools.option.CollectorOptions;
import org.jmmtk.tools.option.GlobalOptions;
import org.jmmtk.tools.option.PlanOptionFlags;
import org.jmmtk.tools.output.OutputFile;
import org.jmmtk.tools.perfetto.PerfettoCommand;
import org.jmmtk.tools.plot.PlotCommand;
import org.jmmtk.tools.probes.ProbesCommand;
import org.jmmtk.tools.record.RecordCommand;
import org.jmmtk.tools.run.RunCommand;
import org.jmmtk.tools.sweep.SweepCommand;
import org.jmmtk.tools.trace.TraceCommand;
import org.jmmtk.tools.view.ViewCommand;

import org.jmmtk.core.analysis.Plugins;
import org.jmmtk.core.extension.ExtensionClassPath;
import org.jmmtk.core.extension.Extensions;
import org.jmmtk.plans.Plans;
import org.jmmtk.tools.probes.Reports;
import org.jmmtk.tools.study.StudyCommand;
import org.jmmtk.tools.validate.ValidateCommand;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code jmmtk} command line: one entry point, a subcommand per job. */
@Command(name = "jmmtk", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT,
        version = "jmmtk " + Version.NUMBER,
        description = {"A garbage-collection research workbench built the way MMTk is built.",
                "Exit codes: 0 success, 1 the run failed (simulated or host out-of-memory), 2 bad input or usage. "
                        + "--debug (anywhere) prints the stack trace of an internal error.",
                "--classpath PATH (anywhere, repeatable) adds jars and directories holding plans and plugins, "
                        + "as the environment variable JMMTK_CLASSPATH does (entries separated by the system's "
                        + "path separator); 'jmmtk plans' and 'jmmtk plugins' show where each came from."})
public final class Main implements Runnable {
    /** The commands under jmmtk, in the order its usage lists them. */
    private static final List<Class<?>> COMMANDS = List.of(RunCommand.class, PlansCommand.class,
            PluginsCommand.class, WorkloadsCommand.class, TraceCommand.class, LifetimesCommand.class,
            GranulateCommand.class, PlotCommand.class, SweepCommand.class, CalibrateCommand.class,
            ProbesCommand.class, PerfettoCommand.class, MinHeapCommand.class, StudyCommand.class, ViewCommand.class,
            RecordCommand.class, ArenaCommand.class, ValidateCommand.class, HelpCommand.class);
    /** Commands that reach their siblings when they run: help shows them, validate runs record. */
    private static final Set<String> NEED_SIBLINGS = Set.of("help", "validate");

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        Thread.setDefaultUncaughtExceptionHandler(new UncaughtHandler(GlobalOptions.hasDebug(args)));
        System.exit(execute(args));
    }

    /** Runs a command line and returns its exit code (for tests: no {@code System.exit}). */
    public static int execute(String... args) {
        return executeWithEnv(System.getenv(GlobalOptions.ENV), args);
    }

    /** Runs a command line as if {@code JMMTK_CLASSPATH} were {@code env} (null: unset). */
    static int executeWithEnv(String env, String... args) {
        ErrorHandler handler = new ErrorHandler(GlobalOptions.hasDebug(args));
        GlobalOptions global;
        try {
            global = GlobalOptions.parse(args);
        } catch (RuntimeException e) {
            return handler.handle(e, commandLine(handler, COMMANDS));
        }
        List<Class<?>> commands = commandsFor(global.rest());
        if (env == null && global.classPaths().isEmpty() && commands.size() == 1 && choosesPlan(commands.get(0))) {
            discoverPlansAhead();
        }
        CommandLine cmd = commandLine(handler, commands);
        try {
            useExtensions(global.extensionClassPath(env));
            PlanOptionFlags.addTo(cmd);
            return cmd.execute(global.rest());
        } catch (OutOfMemoryError e) {
            return ErrorHandler.hostOutOfMemory(cmd);
        } catch (RuntimeException | Error e) {
            return handler.handle(e, cmd);
        } finally {
            OutputFile.forgetInputs();
        }
    }

    /**
     * The commands to build for a command line (after the global options): picocli reads every option
     * of every command it is given, which took most of a short command's start-up, so a command line
     * that names a command gets that one alone; {@code --version} gets none; anything else (the usage,
     * an unknown command, a command that reaches its siblings) gets them all, so that its usage, or
     * the error's list of commands, is whole.
     */
    static List<Class<?>> commandsFor(String[] rest) {
        if (rest.length == 1 && (rest[0].equals("--version") || rest[0].equals("-V"))) {
            return List.of();
        }
        if (rest.length > 0 && !NEED_SIBLINGS.contains(rest[0])) {
            if (CommandModels.RUN_NAMES.contains(rest[0])) {
                // without reading its annotation: the first one read costs the JDK's proxy generator's start-up
                return List.of(RunCommand.class);
            }
            for (Class<?> c : COMMANDS) {
                Command command = c.getAnnotation(Command.class);
                if (command.name().equals(rest[0]) || List.of(command.aliases()).contains(rest[0])) {
                    return List.of(c);
                }
            }
        }
        return COMMANDS;
    }

    /** Whether {@code command} chooses a plan: it has the collector options (as {@link PlanOptionFlags} sees it). */
    private static boolean choosesPlan(Class<?> command) {
        for (Field f : command.getDeclaredFields()) {
            if (f.getType() == CollectorOptions.class) {
                return true;
            }
        }
        return false;
    }

    /**
     * Starts discovering the built-in plans on a thread of its own, for a command that will need them:
     * picocli's model of the command, built next on this thread, takes most of a short command's
     * start-up, and plan discovery (every plan's provider and options loaded) came after it; now they
     * overlap. The command, asking for the plans before the discovery ends, waits for it (a registry
     * discovers one thread at a time) instead of doing it again. A failure is left for the command's own
     * discovery to report, as without this. Only without added code, which is not in use yet.
     */
    private static void discoverPlansAhead() {
        Thread t = new Thread(() -> {
            try {
                Plans.REGISTRY.all();
            } catch (RuntimeException | LinkageError e) {
                // reported by the command's own discovery
            }
        }, "jmmtk-plan-discovery");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Adds {@code classPath} to the run and discovers plans and plugins at once, so that a broken jar
     * fails every command alike before it starts any work; on failure nothing stays added. Without
     * added code the built-in plans are discovered when a command first needs them.
     */
    private static void useExtensions(ExtensionClassPath classPath) {
        try {
            Extensions.use(classPath);
            if (classPath.isEmpty()) {
                return;
            }
            Plans.REGISTRY.all();
            Plugins.REGISTRY.all();
        } catch (RuntimeException e) {
            Extensions.use(ExtensionClassPath.EMPTY);
            throw e;
        }
    }

    /** The whole command line, every command built. */
    static CommandLine commandLine() {
        return commandLine(new ErrorHandler(false), COMMANDS);
    }

    private static CommandLine commandLine(ErrorHandler handler, List<Class<?>> commands) {
        CommandLine cmd;
        if (commands.equals(List.of(RunCommand.class))) {
            // run alone, the short command whose start-up counts most: its model from plain calls (CommandModels)
            cmd = new CommandLine(CommandModels.root(new Main()));
            cmd.addSubcommand(new CommandLine(CommandModels.run(new RunCommand())));
        } else {
            cmd = new CommandLine(new Main());
            for (Class<?> c : commands) {
                cmd.addSubcommand(c);
            }
        }
        cmd.setExecutionExceptionHandler(handler);
        cmd.setParameterExceptionHandler(new UsageErrorHandler());
        cmd.registerConverter(Reports.Kind.class, new Reports.KindConverter());
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        return cmd;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
    }
}
