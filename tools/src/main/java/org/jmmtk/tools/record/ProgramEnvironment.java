package org.jmmtk.tools.record;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The environment of the JVMs {@code record} and {@code validate} start for the program (the recorded
 * JVM, the start-up probe, HotSpot's runs). The JVM's option variables ({@link #OPTION_VARIABLES}) that
 * a user sets for the program would reach jmmtk's own JVM too, where an {@code -Xmx} sizes record's
 * post-pass and a {@code --limit-modules} breaks it; so the launcher hands them on as {@code
 * JMMTK_PROGRAM_NAME} instead (jmmtk's own JVM takes {@code JMMTK_JAVA_OPTS}), and they are given back
 * here. Run from the jar without the launcher (as the tests do), the environment is jmmtk's own. No
 * state; any thread.
 */
public final class ProgramEnvironment {
    /** The environment variables the JVM or its launcher reads options from. */
    public static final List<String> OPTION_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");
    /** The prefix under which the launcher hands an option variable on. */
    static final String HANDED_ON = "JMMTK_PROGRAM_";

    private ProgramEnvironment() {
    }

    /** The program's environment, made from jmmtk's {@code environment}. */
    public static Map<String, String> of(Map<String, String> environment) {
        Map<String, String> env = new HashMap<>(environment);
        for (String variable : OPTION_VARIABLES) {
            String handedOn = env.remove(HANDED_ON + variable);
            if (handedOn != null) {
                env.put(variable, handedOn);
            }
        }
        return env;
    }

    /** The JVM options in {@code variable} of {@code environment}: none when it is unset or blank. */
    public static List<String> options(Map<String, String> environment, String variable) {
        String value = environment.get(variable);
        return value == null || value.isBlank() ? List.of() : List.of(value.trim().split("\\s+"));
    }

    /** The program's environment, made from this process's. */
    public static Map<String, String> current() {
        return of(System.getenv());
    }

    /** Gives {@code builder} the program's environment; returns it. */
    public static ProcessBuilder applyTo(ProcessBuilder builder) {
        Map<String, String> env = builder.environment();
        env.clear();
        env.putAll(current());
        return builder;
    }
}
