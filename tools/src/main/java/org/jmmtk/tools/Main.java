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
                        + "path separator); 'jmmtk plans' and 'jmmtk plugins' show where each came from."},
        subcommands = {RunCommand.class, PlansCommand.class, PluginsCommand.class, WorkloadsCommand.class,
                TraceCommand.class, LifetimesCommand.class, GranulateCommand.class, PlotCommand.class,
                SweepCommand.class, CalibrateCommand.class, ProbesCommand.class, PerfettoCommand.class, MinHeapCommand.class,
                StudyCommand.class, ViewCommand.class, RecordCommand.class, ArenaCommand.class, ValidateCommand.class,
                HelpCommand.class})
public final class Main implements Runnable {
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
        CommandLine cmd = commandLine(handler);
        try {
            GlobalOptions global = GlobalOptions.parse(args);
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
     * Adds {@code classPath} to the run and discovers plans and plugins at once, so that a broken jar
     * fails every command alike before it starts any work; on failure nothing stays added.
     */
    private static void useExtensions(ExtensionClassPath classPath) {
        try {
            Extensions.use(classPath);
            Plans.REGISTRY.all();
            Plugins.REGISTRY.all();
        } catch (RuntimeException e) {
            Extensions.use(ExtensionClassPath.EMPTY);
            throw e;
        }
    }

    static CommandLine commandLine() {
        return commandLine(new ErrorHandler(false));
    }

    private static CommandLine commandLine(ErrorHandler handler) {
        CommandLine cmd = new CommandLine(new Main());
        cmd.setExecutionExceptionHandler(handler);
        cmd.setParameterExceptionHandler(new UsageErrorHandler());
        cmd.registerConverter(Reports.Kind.class, Reports.Kind::parse);
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        return cmd;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
    }
}
