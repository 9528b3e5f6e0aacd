package org.jmmtk.tools.record;

import java.util.List;

/**
 * The JVM option that loads the recording agent into the recorded JVM. {@code -javaagent:JAR=OPTIONS}
 * also adds {@code java.instrument} to the boot layer's root modules ({@code jdk.module.addmods}), which
 * takes the JDK's module system off its fast path: the boot layer is then resolved in Java, with lambdas
 * and streams, so {@code java.lang.invoke}'s shared structures are built before {@code main} (about 110 KB
 * live after a collection, which a plain run builds at the program's first lambda or string concatenation
 * and the trace then cannot see) and about 170 more classes are loaded (and retransformed). The same agent
 * loaded as {@code -agentlib:instrument=JAR=OPTIONS}, which is what {@code -javaagent} stands for less the
 * module, leaves the boot layer as a plain run builds it: {@code java.instrument} is one of a class-path
 * program's default root modules anyway. A program run as a module ({@code -m}), or with {@code
 * --limit-modules}, may not resolve {@code java.instrument} by itself, so it keeps {@code -javaagent}, and
 * gets the other modules the recorder needs added ({@link #AGENT_MODULES}).
 * Used by {@link RecordCommand} on its own thread.
 */
final class AgentOption {
    /**
     * The modules the recorder uses besides {@code java.base} and {@code java.instrument}: {@code
     * sun.misc.Unsafe} and the threads' allocation counters. A class-path program's boot layer has them;
     * a module program's has only what its modules require.
     */
    static final String AGENT_MODULES = "jdk.unsupported,jdk.management";

    private AgentOption() {
    }

    /**
     * The options for {@code jarAndOptions} ({@code JAR=OPTIONS}) and the program {@code command}
     * (launcher, JVM options, MAIN|-jar|-m ...) whose JVM options, with those of the environment, are
     * {@code programOptions}.
     */
    static List<String> of(String jarAndOptions, List<String> command, List<String> programOptions) {
        return runsAsModule(command) || limitsModules(programOptions)
                ? List.of("-javaagent:" + jarAndOptions, "--add-modules=" + AGENT_MODULES)
                : List.of("-agentlib:instrument=" + jarAndOptions);
    }

    private static boolean runsAsModule(List<String> command) {
        for (int i = 1; i < command.size(); i++) {
            String a = command.get(i);
            if (a.equals("-m") || a.equals("--module") || a.startsWith("--module=")) {
                return true;
            }
            if (!a.startsWith("-") || a.equals("-jar")) {
                return false;
            }
            if (StartupProbe.WITH_VALUE.contains(a)) {
                i++;
            }
        }
        return false;
    }

    private static boolean limitsModules(List<String> programOptions) {
        for (String o : programOptions) {
            if (o.equals("--limit-modules") || o.startsWith("--limit-modules=")) {
                return true;
            }
        }
        return false;
    }
}
