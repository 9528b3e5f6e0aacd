package org.jmmtk.tools.error;

import picocli.CommandLine;

/**
 * What a command line picocli cannot parse prints: one line with the problem and where to read the
 * usage, exit 2 (picocli's default prints the whole help page, which buries the problem).
 */
public final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {
    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName();
        return ErrorHandler.fail(cmd, ex.getMessage() + " (see '" + name + " --help')", ExitCodes.USAGE);
    }
}
