package org.jmmtk.tools;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jmmtk.agent.rt.JitOptions;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The launcher's {@code -XX:CompileCommand}s name classes and methods that exist. The JVM takes a pattern that
 * matches nothing without a word (the launcher's {@code quiet} silences even the echo), so a class renamed or
 * moved would turn its option off unseen, and with it the CPU it saves (record's second pass, the replay).
 * The same for the options {@code record} gives the recorded JVM ({@link JitOptions}), whose patterns
 * name the recorder's bodies by a prefix ({@code record*}).
 */
class LauncherCompileCommandsTest {
    private static final Pattern COMMAND = Pattern.compile("-XX:CompileCommand=(\\w+),([\\w.$]+)::([\\w$*<>]+)");

    @Test
    void everyClassAndMethodTheLauncherNamesExists() throws IOException {
        List<String> named = named(Files.readString(Path.of("../jmmtk")));
        assertFalse(named.isEmpty(), "no CompileCommand with a class in the launcher");
        for (String problem : problems(named)) {
            fail(problem);
        }
    }

    @Test
    void everyClassAndMethodTheRecordedJvmIsToldOfExists() {
        List<String> named = named(String.join(" ", JitOptions.options()));
        assertFalse(named.isEmpty(), "no CompileCommand with a class in the agent's JIT options");
        for (String problem : problems(named)) {
            fail(problem);
        }
    }

    @Test
    void aPrefixThatMatchesNoMethodIsFound() {
        assertTrue(problems(named("-XX:CompileCommand=dontinline,org.jmmtk.agent.rt.Recorder::recordAll*")).get(0)
                .contains("recordAll*"));
        assertTrue(problems(named("-XX:CompileCommand=dontinline,org.jmmtk.agent.rt.Recorder::allocat*")).isEmpty());
    }

    @Test
    void aMisspelledClassOrMethodIsFound() {
        assertTrue(problems(named("-XX:CompileCommand=dontinline,org.jmmtk.tools.record.RecordedTrac::*")).get(0)
                .contains("RecordedTrac"));
        assertTrue(problems(named("-XX:CompileCommand=dontinline,org.jmmtk.tools.record.RecordedTrace::replays")).get(0)
                .contains("replays"));
        assertTrue(problems(named("-XX:CompileCommand=dontinline,org.jmmtk.tools.record.RecordedTrace::replay")).isEmpty());
    }

    /** Each {@code class::method} a CompileCommand of {@code text} names. */
    private static List<String> named(String text) {
        List<String> named = new ArrayList<>();
        Matcher m = COMMAND.matcher(text);
        while (m.find()) {
            named.add(m.group(2) + "::" + m.group(3));
        }
        return named;
    }

    /** What of {@code named} does not exist on this class path, one line each. */
    private static List<String> problems(List<String> named) {
        List<String> problems = new ArrayList<>();
        for (String n : named) {
            String type = n.substring(0, n.indexOf("::"));
            String method = n.substring(n.indexOf("::") + 2);
            Class<?> c;
            try {
                c = Class.forName(type, false, LauncherCompileCommandsTest.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                problems.add("the launcher names class " + type + ", which does not exist");
                continue;
            }
            if (!method.equals("*") && !hasMethod(c, method)) {
                problems.add("the launcher names method " + n + ", which does not exist");
            }
        }
        return problems;
    }

    /** Whether {@code c} declares a method {@code name}, or one whose name starts with it less its last {@code *}. */
    private static boolean hasMethod(Class<?> c, String name) {
        boolean prefix = name.endsWith("*");
        String stem = prefix ? name.substring(0, name.length() - 1) : name;
        for (Method m : c.getDeclaredMethods()) {
            if (prefix ? m.getName().startsWith(stem) : m.getName().equals(name)) {
                return true;
            }
        }
        return false;
    }
}
