package org.jmmtk.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.extension.ExtensionClassPath;
import org.jmmtk.core.extension.Extensions;
import org.jmmtk.tools.option.PlanOptionFlags;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A command line that names a command builds that command alone ({@link Main#commandsFor}): each command, and
 * each of its own commands, must then behave as it does among all the others. Their usage is compared with the
 * whole command line's, built as before; the top-level usage and the errors that list commands still list all.
 */
class CommandsBuiltAloneTest {
    /** The whole command line with the plan options, as every command line was built before. */
    private static CommandLine whole() {
        CommandLine cmd = Main.commandLine();
        Extensions.use(ExtensionClassPath.EMPTY);
        PlanOptionFlags.addTo(cmd);
        return cmd;
    }

    private static void paths(CommandLine command, List<String> path, List<List<String>> out) {
        for (Map.Entry<String, CommandLine> e : command.getSubcommands().entrySet()) {
            List<String> p = new ArrayList<>(path);
            p.add(e.getKey());
            out.add(p);
            paths(e.getValue(), p, out);
        }
    }

    @Test
    void everyCommandAloneHasTheUsageItHasAmongAll() {
        CommandLine whole = whole();
        List<List<String>> paths = new ArrayList<>();
        paths(whole, List.of(), paths);
        assertTrue(paths.size() > Main.commandLine().getSubcommands().size(), "nested commands: " + paths);
        for (List<String> path : paths) {
            CommandLine expected = whole;
            for (String name : path) {
                expected = expected.getSubcommands().get(name);
            }
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), path + ": " + r.err());
            assertEquals(expected.getUsageMessage(), r.out(), String.join(" ", path));
            assertEquals("", r.err(), String.join(" ", path));
        }
    }

    @Test
    void aCommandBuiltAloneIsTheOnlyOneBuilt() {
        assertEquals(1, Main.commandsFor(new String[] {"run", "--trace", "t.jtb"}).size());
        assertEquals(0, Main.commandsFor(new String[] {"--version"}).size());
        int all = Main.commandLine().getSubcommands().size();
        for (String[] args : List.of(new String[0], new String[] {"--help"}, new String[] {"runn"},
                new String[] {"help", "run"}, new String[] {"validate", "--", "java", "-version"},
                new String[] {"--version", "run"})) {
            assertEquals(all, Main.commandsFor(args).size(), String.join(" ", args));
        }
    }

    @Test
    void theTopLevelUsageListsEveryCommandWithItsDescription() {
        Cli.Result r = Cli.run("--help");
        assertEquals(0, r.code(), r.err());
        Map<String, CommandLine> commands = Main.commandLine().getSubcommands();
        assertEquals(19, commands.size(), commands.keySet().toString());
        for (Map.Entry<String, CommandLine> e : commands.entrySet()) {
            String description = e.getValue().getCommandSpec().usageMessage().description()[0];
            String start = description.substring(0, Math.min(40, description.length()));
            assertTrue(r.out().lines().anyMatch(l -> l.strip().startsWith(e.getKey() + " ") && l.contains(start)),
                    e.getKey() + " with '" + start + "' in:\n" + r.out());
        }
        assertEquals(r.out(), Cli.run("help").out());
    }

    @Test
    void versionAndUnknownCommandsAreAsBefore() {
        Cli.Result v = Cli.run("--version");
        assertEquals(0, v.code());
        assertEquals(whole().getCommandSpec().version()[0] + System.lineSeparator(), v.out());
        Cli.Result unknown = Cli.run("runn");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("runn") && unknown.err().contains("'jmmtk --help'"), unknown.err());
    }
}
