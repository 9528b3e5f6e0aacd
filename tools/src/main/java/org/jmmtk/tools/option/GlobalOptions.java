package org.jmmtk.tools.option;

import org.jmmtk.tools.error.UsageException;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.core.extension.ExtensionClassPath;

/**
 * The options every command takes, anywhere on the command line, read before picocli sees the rest:
 * {@code --debug} (an internal error prints its stack trace) and {@code --classpath PATH} (jars and
 * directories of plans and plugins to add, like {@code JMMTK_CLASSPATH}; repeatable). They must be
 * known before any command is built: the handlers need {@code --debug}, and the plan and plugin
 * registries must see the added code before a command's options are checked. Immutable.
 */
public record GlobalOptions(boolean debug, List<String> classPaths, String[] rest) {
    static final String DEBUG = "--debug";
    static final String CLASSPATH = "--classpath";
    /** The environment variable that adds jars and directories to every run. */
    public static final String ENV = "JMMTK_CLASSPATH";

    /** Splits {@code args} into the global options and the rest; {@code --} ends the options. */
    public static GlobalOptions parse(String[] args) {
        boolean debug = false;
        List<String> classPaths = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        boolean options = true;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (options && a.equals("--")) {
                options = false;
                rest.add(a);
            } else if (options && a.equals(DEBUG)) {
                debug = true;
            } else if (options && a.equals(CLASSPATH)) {
                if (i + 1 == args.length) {
                    throw new UsageException("--classpath needs a value: jars and directories separated by "
                            + File.pathSeparator);
                }
                classPaths.add(args[++i]);
            } else if (options && a.startsWith(CLASSPATH + "=")) {
                classPaths.add(a.substring(CLASSPATH.length() + 1));
            } else {
                rest.add(a);
            }
        }
        return new GlobalOptions(debug, List.copyOf(classPaths), rest.toArray(String[]::new));
    }

    /** Whether {@code args} has {@code --debug} among its options (for the uncaught-exception handler). */
    public static boolean hasDebug(String[] args) {
        for (String a : args) {
            if (a.equals("--")) {
                return false;
            }
            if (a.equals(DEBUG)) {
                return true;
            }
        }
        return false;
    }

    /** The code to add: the {@code --classpath} values in order, then {@code env} (the variable's value, or null). */
    public ExtensionClassPath extensionClassPath(String env) {
        ExtensionClassPath cp = ExtensionClassPath.EMPTY;
        for (String value : classPaths) {
            cp = cp.then(ExtensionClassPath.parse(CLASSPATH, value));
        }
        return env == null ? cp : cp.then(ExtensionClassPath.parse(ENV, env));
    }
}
