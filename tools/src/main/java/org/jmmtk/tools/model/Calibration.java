package org.jmmtk.tools.model;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jctools.queues.SpmcArrayQueue;

/**
 * Measures on this machine what a steal and a wake-up cost, with the structures the scheduler uses:
 * a steal is half the round trip of a packet handed between two spinning threads through two
 * {@link SpmcArrayQueue}s (one cache-line transfer each way, as when a thief polls another worker's
 * queue); a wake-up is half the round trip of two threads signalling each other through a
 * {@link ReentrantLock} condition, as parked workers are woken; a signal is what waking one parked
 * worker costs the thread that wakes it (the scheduler's {@code wakeOne}: lock, signal, unlock, which
 * unparks the waiter), in that thread's CPU time. Medians of many round trips, so a descheduled thread
 * now and then does not count. Takes a fraction of a second; starts and joins one thread per measurement.
 */
public final class Calibration {
    private static final int ROUND_TRIPS = 4000;
    private static final long SPIN_LIMIT = 50_000_000L;

    private static final int FAN_OUT_ROUNDS = 200;
    private static final int SIGNAL_ROUNDS = 1000;
    /** How long the waiter is left before each signal: enough for it to block in the kernel, not just to enqueue. */
    private static final long SETTLE_NANOS = 100_000;

    /** The measured costs in nanoseconds. */
    public record Measured(long stealNanos, long wakeNanos, long signalNanos) {
    }

    private Calibration() {
    }

    public static Measured measure() {
        return new Measured(median(stealRoundTrips()) / 2, median(wakeRoundTrips()) / 2, signalNanos());
    }

    /**
     * The signal: one thread waits on a {@link ReentrantLock} condition as a parked worker does; once it is
     * waiting (and a further {@link #SETTLE_NANOS} have passed, so that it sleeps in the kernel), the other
     * locks, signals and unlocks, as {@code GCWorkScheduler.wakeOne} does, and reads its own CPU time around
     * that. The median over rounds, less the median cost of reading the CPU clock twice; in elapsed time where
     * the JVM cannot tell a thread's CPU time.
     */
    static long signalNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpu = threads.isCurrentThreadCpuTimeSupported() && threads.getCurrentThreadCpuTime() >= 0;
        ReentrantLock lock = new ReentrantLock();
        Condition changed = lock.newCondition();
        int[] generation = {0};
        Thread waiter = new Thread(() -> {
            for (int r = 0; r < SIGNAL_ROUNDS; r++) {
                lock.lock();
                try {
                    while (generation[0] == r) {
                        changed.awaitUninterruptibly();
                    }
                } finally {
                    lock.unlock();
                }
            }
        }, "jmmtk-calibration-signal");
        waiter.setDaemon(true);
        waiter.start();
        long[] signal = new long[SIGNAL_ROUNDS];
        long[] clock = new long[SIGNAL_ROUNDS];
        for (int r = 0; r < SIGNAL_ROUNDS; r++) {
            awaitWaiting(lock, changed, waiter);
            long c0 = now(threads, cpu);
            clock[r] = now(threads, cpu) - c0;
            long t0 = now(threads, cpu);
            lock.lock();
            try {
                generation[0]++;
                changed.signal();
            } finally {
                lock.unlock();
            }
            signal[r] = now(threads, cpu) - t0;
        }
        join(waiter);
        return Math.max(0, median(signal) - median(clock));
    }

    private static void awaitWaiting(ReentrantLock lock, Condition condition, Thread waiter) {
        for (;;) {
            boolean waiting;
            lock.lock();
            try {
                waiting = lock.hasWaiters(condition);
            } finally {
                lock.unlock();
            }
            if (waiting && waiter.getState() == Thread.State.WAITING) {
                long settled = System.nanoTime() + SETTLE_NANOS;
                while (System.nanoTime() < settled) {
                    Thread.onSpinWait();
                }
                return;
            }
            Thread.onSpinWait();
        }
    }

    private static long now(ThreadMXBean threads, boolean cpu) {
        return cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /**
     * The fan-out cost: {@code waiters} threads wait on one {@link ReentrantLock} condition, as parked workers
     * do; one thread signals them all (as a bucket opening does) and each woken thread notes when it got the
     * lock back. The median over rounds of (last - first) / (waiters - 1): how much later each further woken
     * worker runs. {@code waiters} is at least 2.
     */
    public static long fanOutNanos(int waiters) {
        if (waiters < 2) {
            throw new IllegalArgumentException("the fan-out needs at least 2 waiters, got " + waiters);
        }
        ReentrantLock lock = new ReentrantLock();
        Condition go = lock.newCondition();
        Condition ready = lock.newCondition();
        long[] round = {0};
        int[] waiting = {0};
        long[] first = new long[FAN_OUT_ROUNDS];
        long[] last = new long[FAN_OUT_ROUNDS];
        Arrays.fill(first, Long.MAX_VALUE);
        Thread[] threads = new Thread[waiters];
        for (int t = 0; t < waiters; t++) {
            threads[t] = new Thread(() -> {
                for (int r = 0; r < FAN_OUT_ROUNDS; r++) {
                    lock.lock();
                    try {
                        waiting[0]++;
                        ready.signal();
                        while (round[0] <= r) {
                            go.awaitUninterruptibly();
                        }
                        long now = System.nanoTime();
                        first[r] = Math.min(first[r], now);
                        last[r] = Math.max(last[r], now);
                    } finally {
                        lock.unlock();
                    }
                }
            }, "jmmtk-calibration-fan-out-" + t);
            threads[t].setDaemon(true);
            threads[t].start();
        }
        for (int r = 0; r < FAN_OUT_ROUNDS; r++) {
            lock.lock();
            try {
                while (waiting[0] < waiters) {
                    ready.awaitUninterruptibly();
                }
                waiting[0] = 0;
                round[0]++;
                go.signalAll();
            } finally {
                lock.unlock();
            }
        }
        for (Thread t : threads) {
            join(t);
        }
        long[] perWorker = new long[FAN_OUT_ROUNDS];
        for (int r = 0; r < FAN_OUT_ROUNDS; r++) {
            perWorker[r] = (last[r] - first[r]) / (waiters - 1);
        }
        return median(perWorker);
    }

    private static long[] stealRoundTrips() {
        SpmcArrayQueue<Integer> there = new SpmcArrayQueue<>(16);
        SpmcArrayQueue<Integer> back = new SpmcArrayQueue<>(16);
        Thread echo = new Thread(() -> {
            for (int i = 0; i < ROUND_TRIPS; i++) {
                Integer x = spinPoll(there);
                if (x == null) {
                    return;
                }
                back.offer(x);
            }
        }, "jmmtk-calibration-steal");
        echo.setDaemon(true);
        echo.start();
        long[] trips = new long[ROUND_TRIPS];
        int done = 0;
        for (; done < ROUND_TRIPS; done++) {
            long t0 = System.nanoTime();
            there.offer(done);
            if (spinPoll(back) == null) {
                break;
            }
            trips[done] = System.nanoTime() - t0;
        }
        join(echo);
        return Arrays.copyOf(trips, Math.max(1, done));
    }

    private static Integer spinPoll(SpmcArrayQueue<Integer> q) {
        for (long spins = 0; spins < SPIN_LIMIT; spins++) {
            Integer x = q.relaxedPoll();
            if (x != null) {
                return x;
            }
            Thread.onSpinWait();
        }
        return null;
    }

    private static long[] wakeRoundTrips() {
        int trips = ROUND_TRIPS / 4;
        ReentrantLock lock = new ReentrantLock();
        Condition changed = lock.newCondition();
        int[] turn = {0};
        Thread echo = new Thread(() -> {
            for (int i = 0; i < trips; i++) {
                lock.lock();
                try {
                    while (turn[0] != 2 * i + 1) {
                        changed.awaitUninterruptibly();
                    }
                    turn[0]++;
                    changed.signal();
                } finally {
                    lock.unlock();
                }
            }
        }, "jmmtk-calibration-wake");
        echo.setDaemon(true);
        echo.start();
        long[] result = new long[trips];
        for (int i = 0; i < trips; i++) {
            long t0 = System.nanoTime();
            lock.lock();
            try {
                turn[0]++;
                changed.signal();
                while (turn[0] != 2 * i + 2) {
                    changed.awaitUninterruptibly();
                }
            } finally {
                lock.unlock();
            }
            result[i] = System.nanoTime() - t0;
        }
        join(echo);
        return result;
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long median(long[] values) {
        long[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
