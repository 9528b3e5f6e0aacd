package org.jmmtk.tools.command;

import org.jmmtk.tools.Cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;

/**
 * {@code jmmtk plans} and {@code jmmtk workloads} list every registered name, one per line, with its description;
 * every command's {@code --help} prints cleanly.
 */
class ListCommandsTest {
    private static List<String> firstWords(String out) {
        return out.lines().map(l -> l.split("\\s+", 2)[0]).toList();
    }

    @Test
    void plansListsEveryPlan() {
        // descriptions start one column past the longest name: "concurrentimmix" has 15 characters
        int descriptionColumn = 16;
        Cli.Result r = Cli.run("plans");
        assertEquals(0, r.code(), r.err());
        assertEquals(Plans.REGISTRY.all().stream().map(Plans.Entry::name).toList(), firstWords(r.out()));
        assertEquals(Plans.REGISTRY.all().stream().map(e -> e.description() + " [built in]").toList(),
                r.out().lines().map(l -> l.substring(descriptionColumn)).toList());
    }

    @Test
    void workloadsListsEveryWorkload() {
        Cli.Result r = Cli.run("workloads");
        assertEquals(0, r.code(), r.err());
        assertEquals(Workloads.REGISTRY.all().stream().map(Workloads.Entry::name).toList(), firstWords(r.out()));
        assertEquals(List.of("binarytrees", "linkedlist", "widetree", "cache", "queue", "phases", "random", "search", "sharing"),
                firstWords(r.out()));
    }

    @Test
    void everyCommandHasCleanHelp() {
        for (String command : List.of("run", "plans", "workloads", "trace", "sweep", "probes", "perfetto",
                "minheap")) {
            Cli.Result r = Cli.run(command, "--help");
            assertEquals(0, r.code(), command + ": " + r.err());
            assertTrue(r.out().startsWith("Usage: jmmtk " + command), command + ": " + r.out());
            assertEquals("", r.err(), command);
        }
    }

    @Test
    void noCommandIsBadUsage() {
        Cli.Result r = Cli.run();
        assertEquals(2, r.code());
        assertEquals("", r.out());
    }

    @Test
    void unknownCommandIsBadUsage() {
        Cli.Result r = Cli.run("collect");
        assertEquals(2, r.code());
        assertEquals("", r.out());
    }
}
