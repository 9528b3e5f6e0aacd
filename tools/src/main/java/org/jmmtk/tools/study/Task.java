package org.jmmtk.tools.study;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One cell of a study's matrix in one repetition: what {@code study --task I} runs. Its index and name
 * follow from the config alone, so every machine of a cluster agrees on them. Immutable.
 *
 * @param index  its place in the matrix, from 0 (see {@link Matrix} for the order)
 * @param name    its file name without {@code .json}: {@code program.heap.plan.tN.rN}, in a granularity
 *                study {@code program.variant.heap.plan.tN.rN}
 * @param variant which trace of the program it replays and how, or null for the program as given
 * @param repeat  which repetition, from 0
 */
record Task(int index, String name, PlanSpec plan, HeapSpec heap, ProgramSpec program, Variant variant, int threads,
            int repeat) {
    /** The file its result goes to. */
    String fileName() {
        return name + ".json";
    }

    /**
     * Its parameters as JSON, the same on every machine for the same config: how results are matched to
     * tasks, and the parameter columns of {@code study merge}.
     */
    ObjectNode parameters() {
        ObjectNode p = cell();
        p.put("repeat", repeat);
        ObjectNode withId = JsonNodeFactory.instance.objectNode();
        withId.put("index", index);
        withId.put("name", name);
        withId.setAll(p);
        return withId;
    }

    /** The parameters that make its cell: everything but index, name and repetition. */
    ObjectNode cell() {
        ObjectNode p = JsonNodeFactory.instance.objectNode();
        p.put("plan", plan.name());
        p.put("collector", plan.collector());
        if (heap.isFactor()) {
            p.put("heapFactor", heap.factor());
        } else if (heap.isMinHeapFactor()) {
            p.put("minHeapFactor", heap.factor());
        } else {
            p.put("heap", heap.bytes());
        }
        if (program.isTrace()) {
            p.put("trace", program.name());
            p.put("traceFile", program.trace().toString());
        } else {
            p.put("workload", program.workload());
            p.put("seed", program.seed());
            p.put("scale", program.scale());
        }
        if (variant != null) {
            p.put("granule", variant.granule());
            p.put("sync", variant.scheme().label);
        }
        p.put("threads", threads);
        strings(p, "options", plan.runArgs());
        strings(p, "plugins", plan.plugins());
        return p;
    }

    private static void strings(ObjectNode p, String field, List<String> values) {
        values.forEach(p.putArray(field)::add);
    }
}
