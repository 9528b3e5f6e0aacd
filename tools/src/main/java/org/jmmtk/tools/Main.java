package org.jmmtk.tools;

import java.util.Arrays;
import org.jmmtk.tools.probes.Reports;
import org.jmmtk.tools.study.StudyCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code jmmtk} command line: one entry point, a subcommand per job. */
@Command(name = "jmmtk", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT,
        version = "jmmtk 0.1.0",
        description = {"A garbage-collection research workbench built the way MMTk is built.",
                "Exit codes: 0 success, 1 the run failed (simulated or host out-of-memory), 2 bad input or usage. "
                        + "--debug (anywhere) prints the stack trace of an internal error."},
        subcommands = {RunCommand.class, PlansCommand.class, PluginsCommand.class, WorkloadsCommand.class,
                TraceCommand.class, SweepCommand.class, ProbesCommand.class, PerfettoCommand.class, MinHeapCommand.class,
                StudyCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The option, anywhere on the command line, that makes an internal error print its stack trace. */
    static final String DEBUG = "--debug";

    public static void main(String[] args) {
        boolean debug = Arrays.asList(args).contains(DEBUG);
        Thread.setDefaultUncaughtExceptionHandler(new UncaughtHandler(debug));
        System.exit(execute(args));
    }

    /** Runs a command line and returns its exit code (for tests: no {@code System.exit}). */
    public static int execute(String... args) {
        boolean debug = Arrays.asList(args).contains(DEBUG);
        String[] rest = Arrays.stream(args).filter(a -> !a.equals(DEBUG)).toArray(String[]::new);
        ErrorHandler handler = new ErrorHandler(debug);
        CommandLine cmd = commandLine(handler);
        try {
            return cmd.execute(rest);
        } catch (OutOfMemoryError e) {
            return ErrorHandler.hostOutOfMemory(cmd);
        } catch (RuntimeException | Error e) {
            return handler.handle(e, cmd);
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
