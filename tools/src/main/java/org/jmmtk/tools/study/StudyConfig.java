package org.jmmtk.tools.study;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A checked study: the axes of its matrix, each in the order the file gives it. Immutable; read by
 * {@link StudyConfigReader}.
 *
 * @param file     the YAML file it was read from
 * @param plans    the plans, with their options and plugins
 * @param heaps    the heaps: all factors or all sizes
 * @param programs the traces, then the workloads (each seed and scale)
 * @param threads  the GC thread counts
 * @param repeat   how many times each cell runs
 * @param granularity the granularity experiment, or null for a study of the programs as given
 */
record StudyConfig(Path file, List<PlanSpec> plans, List<HeapSpec> heaps, List<ProgramSpec> programs,
                   List<Integer> threads, int repeat, Granularity granularity) {
    StudyConfig {
        plans = List.copyOf(plans);
        heaps = List.copyOf(heaps);
        programs = List.copyOf(programs);
        threads = List.copyOf(threads);
    }

    /** Whether the heaps are factors of the maximum live size (else sizes). */
    boolean heapFactors() {
        return heaps.get(0).isFactor();
    }

    /** How each program is replayed: its variants in a granularity study, else once as given (null). */
    List<Variant> variants() {
        return granularity == null ? Arrays.asList((Variant) null) : granularity.variants();
    }
}
