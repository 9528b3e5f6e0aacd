package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The program's environment: the option variables the launcher handed on are given back under their names. */
class ProgramEnvironmentTest {
    @Test
    void handedOnVariablesAreTheProgramsAndNothingElseChanges() {
        Map<String, String> env = ProgramEnvironment.of(Map.of("JMMTK_PROGRAM_JAVA_TOOL_OPTIONS", "-Xmx16m",
                "JMMTK_PROGRAM_JDK_JAVA_OPTIONS", "--limit-modules java.base", "PATH", "/bin", "JMMTK_JAVA_OPTS", "-Xmx2g"));
        assertEquals(Map.of("JAVA_TOOL_OPTIONS", "-Xmx16m", "JDK_JAVA_OPTIONS", "--limit-modules java.base",
                "PATH", "/bin", "JMMTK_JAVA_OPTS", "-Xmx2g"), env);
    }

    @Test
    void withoutTheLauncherTheEnvironmentIsJmmtksOwn() {
        Map<String, String> own = Map.of("_JAVA_OPTIONS", "-Xss2m", "HOME", "/root");
        assertEquals(own, ProgramEnvironment.of(own));
    }

    @Test
    void theLaunchersVariablesDecideTheRecordedJvmsCollectorAndHeap() {
        Map<String, String> env = ProgramEnvironment.of(Map.of("JMMTK_PROGRAM_JAVA_TOOL_OPTIONS", "-XX:+UseSerialGC"));
        assertEquals(true, RecordCommand.choosesHeap(java.util.List.of("java", "-cp", "x", "Main"), env));
    }
}
