package org.jmmtk.tools;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command that prints a registry's listing: one line per entry, name and description. */
abstract class ListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** The lines to print. */
    abstract String listing();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(listing());
        out.flush();
        return ExitCodes.OK;
    }
}
