package org.jmmtk.tools.perfetto;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A model of how Perfetto's JSON importer builds slices and flows, written from its source (trace sorter,
 * slice tracker, flow tracker), since the real one cannot be installed here. Events are sorted by ts; at
 * equal ts complete slices come first, longest first, then everything else in file order. Each thread
 * keeps a stack of open slices; a new slice pops those that ended before it (or at its start, unless both
 * are instants), and one that starts inside the top slice but ends after it is an overlap the importer
 * would move or drop. A flow start binds to the top of its thread's stack as it stands (nothing is popped
 * first), a flow end with {@code "bp":"e"} likewise.
 */
public final class ImporterModel {
    /** A flow as the importer would draw it: from slice to slice. */
    public record Flow(long id, TraceFile.Event from, TraceFile.Event to) {
    }

    private final List<Flow> flows = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();

    private ImporterModel() {
    }

    public static ImporterModel replay(List<TraceFile.Event> events) {
        ImporterModel m = new ImporterModel();
        List<TraceFile.Event> sorted = new ArrayList<>(events);
        sorted.sort(Comparator.comparingLong(TraceFile.Event::ts).thenComparingLong(ImporterModel::tieKey)
                .thenComparingInt(TraceFile.Event::index));
        Map<Long, Deque<TraceFile.Event>> stacks = new HashMap<>();
        Map<Long, TraceFile.Event> started = new HashMap<>();
        for (TraceFile.Event e : sorted) {
            Deque<TraceFile.Event> stack = stacks.computeIfAbsent(e.tid(), k -> new ArrayDeque<>());
            switch (e.ph()) {
                case "X", "i" -> m.push(stack, e);
                case "s" -> {
                    if (stack.isEmpty()) {
                        m.problems.add("flow start without an open slice: " + e);
                    } else if (started.put(e.id(), stack.peek()) != null) {
                        m.problems.add("flow id started twice: " + e);
                    }
                }
                case "f" -> {
                    TraceFile.Event from = started.get(e.id());
                    if (!"e".equals(e.bp()) || stack.isEmpty() || from == null) {
                        m.problems.add("flow end that binds nothing: " + e);
                    } else {
                        m.flows.add(new Flow(e.id(), from, stack.peek()));
                    }
                }
                default -> {
                    // counters and metadata make no slices
                }
            }
        }
        return m;
    }

    private static long tieKey(TraceFile.Event e) {
        return "X".equals(e.ph()) ? Long.MAX_VALUE - e.dur() : Long.MAX_VALUE;
    }

    private void push(Deque<TraceFile.Event> stack, TraceFile.Event e) {
        long dur = e.dur() == null ? 0 : e.dur();
        while (!stack.isEmpty()) {
            TraceFile.Event top = stack.peek();
            long topDur = top.dur() == null ? 0 : top.dur();
            if (top.end() < e.ts() || top.end() == e.ts() && !(topDur == 0 && dur == 0)) {
                stack.pop();
            } else {
                break;
            }
        }
        if (!stack.isEmpty() && e.ts() < stack.peek().end() && e.end() > stack.peek().end()) {
            problems.add("partially overlapping slices on tid " + e.tid() + ": " + stack.peek() + " and " + e);
            return;
        }
        stack.push(e);
    }

    public List<Flow> flows() {
        return flows;
    }

    /** What the importer would count as an error or fix up: should be empty. */
    public List<String> problems() {
        return problems;
    }
}
