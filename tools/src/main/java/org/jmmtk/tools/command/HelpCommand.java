package org.jmmtk.tools.command;

import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.UsageException;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code jmmtk help [COMMAND]}: the usage of jmmtk or of one command. Unlike picocli's own help
 * command, an unknown option or command is bad usage (exit 2 with the usage message), not a help text
 * and exit 0. Runs on the command's thread.
 */
@Command(name = "help", mixinStandardHelpOptions = true,
        description = "Show the usage of jmmtk, or of COMMAND.")
public final class HelpCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "COMMAND", description = "The command whose usage to show.")
    String command;

    @Override
    public Integer call() {
        CommandLine main = spec.commandLine().getParent();
        CommandLine target = command == null ? main : main.getSubcommands().get(command);
        if (target == null) {
            throw new UsageException("unknown command '" + command + "' (see 'jmmtk --help')");
        }
        target.usage(spec.commandLine().getOut());
        return ExitCodes.OK;
    }
}
