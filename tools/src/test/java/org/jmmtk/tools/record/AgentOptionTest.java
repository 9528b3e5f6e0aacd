package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which option loads the agent: the JPLIS library itself unless the program may not resolve java.instrument. */
class AgentOptionTest {
    private static String of(List<String> command) {
        return String.join(" ", AgentOption.of("a.jar=dir=d", command, RecordCommand.programOptions(command, java.util.Map.of())));
    }

    @Test
    void aClassPathOrJarProgramLoadsTheLibraryWithoutAddingTheModule() {
        assertEquals("-agentlib:instrument=a.jar=dir=d", of(List.of("java", "-cp", "x", "Main", "-m")));
        assertEquals("-agentlib:instrument=a.jar=dir=d", of(List.of("java", "-Xmx1g", "-jar", "app.jar", "--module")));
        assertEquals("-agentlib:instrument=a.jar=dir=d", of(List.of("java", "--module-path", "-m", "Main")));
    }

    @Test
    void aModuleProgramOrALimitedModuleGraphKeepsJavaagent() {
        assertEquals("-javaagent:a.jar=dir=d --add-modules=jdk.unsupported,jdk.management", of(List.of("java", "-p", "mods", "-m", "app/app.Main")));
        assertEquals("-javaagent:a.jar=dir=d --add-modules=jdk.unsupported,jdk.management", of(List.of("java", "--module=app/app.Main")));
        assertEquals("-javaagent:a.jar=dir=d --add-modules=jdk.unsupported,jdk.management", of(List.of("java", "--limit-modules", "java.base", "-cp", "x", "Main")));
        assertEquals("-javaagent:a.jar=dir=d --add-modules=jdk.unsupported,jdk.management", of(List.of("java", "--limit-modules=java.base", "Main")));
    }
}
