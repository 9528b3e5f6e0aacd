package org.jmmtk.tools.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jmmtk.tools.sweep.MachineLoad;

/**
 * Runs one task as {@code jmmtk run ... --json} in a child JVM and classifies how it ended: exit 0 is
 * {@link Outcome#OK}; exit 1 with metrics that say out-of-memory is {@link Outcome#OOM}; anything else
 * is {@link Outcome#FAILED} with what the run said. Stateless; any worker thread may use it.
 */
final class TaskExecutor {
    /** Longest message kept from a failed run's standard error. */
    static final int MAX_MESSAGE = 2000;

    private final ChildJvm jvm;
    private final DerivedTraces traces;

    TaskExecutor(ChildJvm jvm, DerivedTraces traces) {
        this.jvm = jvm;
        this.traces = traces;
    }

    /** The {@code jmmtk} arguments that run {@code task} (which replays its program as given) in {@code heap}. */
    static List<String> command(Task task, HeapResolver.Heap heap) {
        return command(task, heap, null);
    }

    /** The {@code jmmtk} arguments that run {@code task} in {@code heap}; its variant's trace is in {@code traces}. */
    static List<String> command(Task task, HeapResolver.Heap heap, DerivedTraces traces) {
        return command(task, List.of("--heap", Long.toString(heap.bytes())), traces);
    }

    /** The {@code jmmtk} arguments that run {@code task} (which replays its program as given) with {@code heapArgs}. */
    static List<String> command(Task task, List<String> heapArgs) {
        return command(task, heapArgs, null);
    }

    private static List<String> command(Task task, List<String> heapArgs, DerivedTraces traces) {
        List<String> args = new ArrayList<>(List.of("run", "--plan", task.plan().collector()));
        args.addAll(task.variant() == null ? task.program().runArgs()
                : task.variant().runArgs(traces.trace(task).toString()));
        args.addAll(heapArgs);
        args.addAll(List.of("--threads", Integer.toString(task.threads())));
        args.addAll(task.plan().runArgs());
        for (String plugin : task.plan().plugins()) {
            args.addAll(List.of("--plugin", plugin));
        }
        args.add("--json");
        return args;
    }

    TaskResult run(Task task, HeapResolver.Heap heap) throws IOException, InterruptedException {
        List<String> command = command(task, heap, traces);
        ChildJvm.Exit exit = jvm.run(command);
        ObjectNode run = metrics(exit.out());
        Outcome outcome;
        String message = null;
        if (exit.code() == 0 && run != null) {
            outcome = Outcome.OK;
        } else if (exit.code() == 1 && run != null && run.path("outOfMemory").asBoolean(false)) {
            outcome = Outcome.OOM;
            message = message(exit.err(), run.path("outOfMemoryMessage").asText(""));
        } else {
            outcome = Outcome.FAILED;
            message = message(exit.err(), exit.code() == 0 ? "the run printed no metrics" : "exit code " + exit.code());
            run = null;
        }
        return new TaskResult(task, outcome, exit.code(), heap.bytes(), heap.maxLiveBytes(), heap.minHeapBytes(), command, message,
                exit.seconds(), run);
    }

    /** The JSON object a run printed, or null if it printed none. */
    private static ObjectNode metrics(String out) {
        try {
            JsonNode n = ResultFile.MAPPER.readTree(out);
            return n instanceof ObjectNode o ? o : null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The run's standard error without jmmtk's prefix and the busy-machine warning (the result holds the load),
     * cut to {@link #MAX_MESSAGE}; {@code otherwise} if empty.
     */
    private static String message(String err, String otherwise) {
        String m = String.join("\n", err.lines().filter(l -> !l.startsWith(MachineLoad.WARNING_PREFIX)).toList())
                .strip().replace("jmmtk: ", "");
        if (m.isEmpty()) {
            return otherwise;
        }
        return m.length() <= MAX_MESSAGE ? m : "..." + m.substring(m.length() - MAX_MESSAGE);
    }
}
