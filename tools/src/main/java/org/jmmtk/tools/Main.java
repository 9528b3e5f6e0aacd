package org.jmmtk.tools;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code jmmtk} command line: one entry point, a subcommand per job. */
@Command(name = "jmmtk", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT,
        version = "jmmtk 0.1.0",
        description = "A garbage-collection research workbench built the way MMTk is built.",
        subcommands = {RunCommand.class, PlansCommand.class, PluginsCommand.class, WorkloadsCommand.class,
                TraceCommand.class, SweepCommand.class, ProbesCommand.class, PerfettoCommand.class, MinHeapCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs a command line and returns its exit code (for tests: no {@code System.exit}). */
    public static int execute(String... args) {
        CommandLine cmd = commandLine();
        try {
            return cmd.execute(args);
        } catch (OutOfMemoryError e) {
            return ErrorHandler.hostOutOfMemory(cmd);
        }
    }

    static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new Main());
        cmd.setExecutionExceptionHandler(new ErrorHandler());
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        return cmd;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command; try 'jmmtk help'");
    }
}
