package org.jmmtk.tools.calibrate;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.tools.model.MemoryBandwidth;
import org.jmmtk.core.util.Constants;

/**
 * Measures the memory bandwidth the closure's access pattern gets on a simulated heap, with 1 .. N
 * threads at once. A depth-first trace of a heap laid out in allocation order reads runs of neighbouring
 * objects and then jumps (to a sibling subtree, another block): the heap here is cut into runs of
 * {@value #RUN} cache lines, linked into one random cycle; each thread follows {@value #CHAINS} places on
 * it in turn (as a trace has a few independent edges on its stack), and at each line loads a word and
 * stores a mark word, as tracing loads an object's header and marks it. Bandwidth counts one cache line
 * per step, per second of each thread's CPU time, summed over the threads that ran at once. Each count
 * runs for a fixed time after all its threads started; the threads are its own and are joined before it
 * returns. Used by {@code jmmtk calibrate} for the whole curve, and by {@code sweep --model} for the one-thread
 * rate of the machine it records on ({@link #oneThread}) and the traffic beside its closure ({@link #beside}).
 */
public final class BandwidthProbe {
    static final int LINE = MemoryBandwidth.LINE_BYTES;
    private static final int CHAINS = 4;
    private static final int RUN = 8;
    private static final int CHECK_EVERY = 1 << 10;
    /** Rounds run and thrown away first: the first round runs the chase interpreted (0.5 against 1.5 GB/s here). */
    static final int WARMUP_ROUNDS = 3;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final SimulatedMemory memory;
    private final long base;
    private final long lines;

    /** A heap of {@code heapBytes} (rounded down to whole runs of lines, at least 2) whose runs form one random cycle. */
    BandwidthProbe(long heapBytes, long seed) {
        long runs = Math.max(2, heapBytes / ((long) LINE * RUN));
        if (runs > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("heap too large for the bandwidth probe: " + heapBytes + " bytes");
        }
        lines = runs * RUN;
        base = Constants.BYTES_IN_CHUNK;
        memory = new SimulatedMemory(base, lines * LINE);
        memory.map(base, lines * LINE);
        int n = (int) runs;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        // Sattolo's shuffle: one cycle through every run, so no chain falls into a short loop in the cache
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (int i = 0; i < n; i++) {
            long first = (long) order[i] * RUN;
            for (int k = 0; k < RUN - 1; k++) {
                memory.store(line(first + k), line(first + k + 1));
            }
            memory.store(line(first + RUN - 1), line((long) order[(i + 1) % n] * RUN));
        }
    }

    /**
     * A probe on a heap of {@code heapBytes} after {@value #WARMUP_ROUNDS} rounds of {@code millis} ms with one
     * thread (its chase compiled).
     */
    public static BandwidthProbe warmedUp(long heapBytes, long millis) throws InterruptedException {
        BandwidthProbe probe = new BandwidthProbe(heapBytes, 42);
        for (int i = 0; i < WARMUP_ROUNDS; i++) {
            probe.aggregate(1, millis);
        }
        return probe;
    }

    /**
     * The one-thread bandwidth of this machine for the pattern, bytes per second of CPU time: the best of
     * {@code rounds} rounds of {@code millis} ms. The best round, as the model takes each recorded packet at its
     * shortest: the least disturbed measurement on a busy machine.
     */
    public double oneThread(int rounds, long millis) throws InterruptedException {
        double best = 0;
        for (int i = 0; i < rounds; i++) {
            best = Math.max(best, aggregate(1, millis));
        }
        return best;
    }

    /**
     * Runs {@code work} on the calling thread while {@code threads} probe threads follow their chains beside
     * it, and returns what {@code work} returned: the traffic of that many more memory-bound threads, against
     * which {@code sweep --model} measures how much a recorded closure slows. The probe threads are joined
     * before it returns.
     */
    public <T> T beside(int threads, Callable<T> work) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        CyclicBarrier start = new CyclicBarrier(threads + 1);
        Thread[] probes = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int me = t;
            probes[t] = new Thread(() -> chase(me, threads, start, stop), "jmmtk-calibration-beside-" + t);
            probes[t].setDaemon(true);
            probes[t].start();
        }
        await(start);
        try {
            return work.call();
        } finally {
            stop.set(true);
            for (Thread p : probes) {
                p.join();
            }
        }
    }

    private long line(long index) {
        return base + index * LINE;
    }

    /** Aggregate bytes per second with {@code threads} threads over {@code millis} milliseconds. */
    public double aggregate(int threads, long millis) throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        double[] rates = new double[threads];
        CyclicBarrier start = new CyclicBarrier(threads + 1);
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int me = t;
            workers[t] = new Thread(() -> rates[me] = chase(me, threads, start, stop), "jmmtk-calibration-bandwidth-" + t);
            workers[t].setDaemon(true);
            workers[t].start();
        }
        await(start);
        Thread.sleep(millis);
        stop.set(true);
        for (Thread w : workers) {
            w.join();
        }
        double total = 0;
        for (double r : rates) {
            total += r;
        }
        return total;
    }

    /**
     * Follows this thread's chains until stopped; returns its bytes per second of its own CPU time, so that
     * time the thread spent descheduled (on a busy machine) does not count as slow memory. On an idle host,
     * where the calibration is meant to run, that is its bytes per second.
     */
    private double chase(int thread, int threads, CyclicBarrier start, AtomicBoolean stop) {
        long[] at = new long[CHAINS];
        for (int c = 0; c < CHAINS; c++) {
            at[c] = line((long) (thread * CHAINS + c) * lines / ((long) threads * CHAINS));
        }
        long mark = thread + 1;
        await(start);
        long cpu0 = THREADS.getCurrentThreadCpuTime();
        long wall0 = System.nanoTime();
        long steps = 0;
        while (!stop.get()) {
            for (int i = 0; i < CHECK_EVERY; i++) {
                for (int c = 0; c < CHAINS; c++) {
                    long next = memory.load(at[c]);
                    memory.store(at[c] + 8, mark);
                    at[c] = next;
                }
            }
            steps += (long) CHECK_EVERY * CHAINS;
        }
        long cpu = THREADS.getCurrentThreadCpuTime() - cpu0;
        long time = cpu > 0 && cpu0 >= 0 ? cpu : System.nanoTime() - wall0;
        return (double) steps * LINE / Math.max(1, time) * 1e9;
    }

    private static void await(CyclicBarrier b) {
        try {
            b.await();
        } catch (Exception e) {
            throw new IllegalStateException("bandwidth probe interrupted", e);
        }
    }
}
