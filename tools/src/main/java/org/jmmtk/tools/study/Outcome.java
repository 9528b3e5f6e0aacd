package org.jmmtk.tools.study;

import java.util.Arrays;
import java.util.Optional;

/** How a task ended, as its result file says it ({@code outcome}). */
enum Outcome {
    /** The run completed: exit 0. */
    OK("ok"),
    /** A simulated out-of-memory (exit 1 with the metrics so far): a result, not a failure. */
    OOM("oom"),
    /** Anything else: bad input, the host JVM out of memory, a crash; run again on resume. */
    FAILED("failed");

    private final String word;

    Outcome(String word) {
        this.word = word;
    }

    String word() {
        return word;
    }

    /** Whether the task is done: resume skips it. */
    boolean done() {
        return this != FAILED;
    }

    static Optional<Outcome> of(String word) {
        return Arrays.stream(values()).filter(o -> o.word.equals(word)).findFirst();
    }
}
