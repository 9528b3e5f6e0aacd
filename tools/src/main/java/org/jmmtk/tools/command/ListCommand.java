package org.jmmtk.tools.command;

import org.jmmtk.tools.error.ExitCodes;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jmmtk.core.extension.Discovered;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command that prints a registry's listing: one line per entry, name and description. */
abstract class ListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** The lines to print. */
    abstract String listing();

    /**
     * One line per entry: name, description and, in brackets, where it came from; the descriptions
     * start in one column, at least 13 characters in, further if a name is longer.
     */
    static String withOrigins(List<? extends Discovered> entries) {
        int width = 12;
        for (Discovered e : entries) {
            width = Math.max(width, e.name().length());
        }
        String line = "%-" + width + "s %s [%s]%n";
        StringBuilder s = new StringBuilder();
        for (Discovered e : entries) {
            s.append(String.format(Locale.ROOT, line, e.name(), e.description(), e.origin()));
        }
        return s.toString();
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(listing());
        out.flush();
        return ExitCodes.OK;
    }
}
