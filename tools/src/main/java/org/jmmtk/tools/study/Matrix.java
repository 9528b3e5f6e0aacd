package org.jmmtk.tools.study;

import java.util.ArrayList;
import java.util.List;

/**
 * Expands a study into its tasks. The order, and so every index, depends only on the config:
 * repetitions outermost (a study cut short has every cell once before any twice), then programs
 * (traces, then workloads by scale and seed), in a granularity study each program's variants (the
 * perfect trace, then each granule under each scheme), heaps, plans and thread counts, each in the
 * file's order.
 */
final class Matrix {
    private Matrix() {
    }

    static List<Task> tasks(StudyConfig c) {
        List<Task> tasks = new ArrayList<>();
        for (int r = 0; r < c.repeat(); r++) {
            for (ProgramSpec program : c.programs()) {
                for (Variant variant : c.variants()) {
                    String prefix = program.name() + (variant == null ? "" : "." + variant.token());
                    for (HeapSpec heap : c.heaps()) {
                        for (PlanSpec plan : c.plans()) {
                            for (int threads : c.threads()) {
                                String name = prefix + "." + heap.token() + "." + plan.name() + ".t" + threads + ".r" + r;
                                tasks.add(new Task(tasks.size(), name, plan, heap, program, variant, threads, r));
                            }
                        }
                    }
                }
            }
        }
        return tasks;
    }
}
