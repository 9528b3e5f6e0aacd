package org.jmmtk.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.BruteForceLifetimes;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceWriter;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.plans.Plans;
import org.jmmtk.plugins.merlin.MerlinPlugin;

/**
 * {@link LifetimesBenchmark}'s three measurements taken side by side in one JVM, round after round
 * (replay, Merlin, brute force's window, in turn), keeping each one's best time: on a shared machine
 * whose load comes and goes, the best of many alternating runs is the steadiest estimate of what each
 * costs undisturbed, and alternating keeps the three under the same conditions. The first size is
 * measured once more first, unreported, for the JIT. Prints, per live size, the time per allocation of
 * each and the two ratios.
 *
 * <p>Usage: {@code java -Xmx6g -cp benchmarks/target/benchmarks.jar org.jmmtk.benchmarks.LifetimesTiming ROUNDS LIVE...}
 */
public final class LifetimesTiming {
    private LifetimesTiming() {
    }

    public static void main(String[] args) throws IOException {
        int rounds = Integer.parseInt(args[0]);
        // the first size once unreported, so that no row pays for the JIT compiling everything
        measure(Integer.parseInt(args[1]), rounds, false);
        System.out.println("live objects  allocations  replay ns/alloc  merlin ns/alloc  merlin/replay  "
                + "bruteforce us/alloc  bruteforce/merlin");
        for (int a = 1; a < args.length; a++) {
            measure(Integer.parseInt(args[a]), rounds, true);
        }
    }

    private static void measure(int live, int rounds, boolean print) throws IOException {
        SteadyChurn program = new SteadyChurn(live, 2L * live, 42);
        Path trace = Files.createTempFile("jmmtk-timing", ".jtb");
        try (TraceWriter writer = TraceWriter.create(trace, true)) {
            program.replay(writer);
        }
        SteadyChurn window = new SteadyChurn(live, 3L * LifetimesBenchmark.WINDOW, 42);
        EventTape tape = new EventTape();
        window.replay(tape);
        long fill = window.fillAllocations();
        long heap = Math.max(1 << 20, 3 * program.liveBytes());
        Plans.Entry semispace = Plans.REGISTRY.find("semispace").orElseThrow();
        long[] best = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        long[] sink = new long[1];
        for (int r = 0; r < rounds; r++) {
            for (int m = 0; m < 2; m++) {
                List<Plugin> plugins = m == 1 ? List.of(new MerlinPlugin((id, point) -> sink[0]++)) : List.of();
                long t0 = System.nanoTime();
                RunResult result = Simulation.run(semispace,
                        new Options().heapBytes(heap).threads(1), TraceFormat.open(trace), (mmtk, binding) -> { }, plugins);
                best[m] = Math.min(best[m], System.nanoTime() - t0);
                if (result.isOutOfMemory()) {
                    throw new IllegalStateException(result.outOfMemory());
                }
            }
            BruteForceLifetimes brute = new BruteForceLifetimes((id, point) -> sink[0]++, fill + 1);
            tape.replay(0, fill, brute);
            long t0 = System.nanoTime();
            tape.replay(fill, fill + LifetimesBenchmark.WINDOW, brute);
            best[2] = Math.min(best[2], System.nanoTime() - t0);
        }
        Files.delete(trace);
        double replay = (double) best[0] / program.allocations();
        double merlin = (double) best[1] / program.allocations();
        double brute = (double) best[2] / LifetimesBenchmark.WINDOW;
        if (print) {
            System.out.printf(Locale.ROOT, "%12d  %11d  %15.0f  %15.0f  %13.2f  %19.1f  %17.0f%n", live,
                    program.allocations(), replay, merlin, merlin / replay, brute / 1000, brute / merlin);
        }
    }
}
