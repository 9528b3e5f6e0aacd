package org.jmmtk.tools.study;

import java.util.List;

/**
 * One plan of a study: the collector, the name its results go under (the collector's name unless the
 * config gives another, so one collector can appear with different options), and the {@code run}
 * options and plugins its tasks get. Immutable.
 *
 * @param name      what the results call it: the {@code plan} column, a part of each task's file name
 * @param collector the plan as {@code run --plan} knows it
 * @param runArgs   {@code run} options, e.g. {@code --block-size 8k}
 * @param plugins   plugin names, each passed as {@code --plugin}
 */
record PlanSpec(String name, String collector, List<String> runArgs, List<String> plugins) {
    PlanSpec {
        runArgs = List.copyOf(runArgs);
        plugins = List.copyOf(plugins);
    }
}
