package org.jmmtk.tools.probes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.jmmtk.probes.ProbeSession;
import org.jmmtk.tools.error.RunFailedException;

/**
 * Runs a configuration once with the jmmtk tracepoints recorded into a temporary file and returns its
 * events, the run's final reachability collection left out; for commands that need a recording of their
 * own ({@code sweep --model}, {@code calibrate}). Used by the command-line thread.
 */
public final class RecordedRun {
    private RecordedRun() {
    }

    /** The events of one run of {@code options} on {@code source}; a run that ends out of memory is an error. */
    public static ProbeEvents record(Plans.Entry plan, Options options, TraceSource source) throws IOException {
        Path recording = Files.createTempFile("jmmtk-model-", ".jfr");
        try {
            RunResult r;
            try (ProbeSession session = ProbeSession.start(recording)) {
                r = Simulation.run(plan, options, source);
            }
            if (r.isOutOfMemory()) {
                throw new RunFailedException("the recorded run must complete, but: " + r.outOfMemory());
            }
            return Reports.withoutFinal(ProbeEvents.read(recording));
        } finally {
            Files.deleteIfExists(recording);
        }
    }
}
