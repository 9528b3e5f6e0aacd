package org.jmmtk.tools.model;

import java.util.Arrays;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jctools.queues.SpmcArrayQueue;

/**
 * Measures on this machine what a steal and a wake-up cost, with the structures the scheduler uses:
 * a steal is half the round trip of a packet handed between two spinning threads through two
 * {@link SpmcArrayQueue}s (one cache-line transfer each way, as when a thief polls another worker's
 * queue); a wake-up is half the round trip of two threads signalling each other through a
 * {@link ReentrantLock} condition, as parked workers are woken. Medians of many round trips, so a
 * descheduled thread now and then does not count. Takes a fraction of a second; starts and joins one
 * thread per measurement.
 */
public final class Calibration {
    private static final int ROUND_TRIPS = 4000;
    private static final long SPIN_LIMIT = 50_000_000L;

    private static final int FAN_OUT_ROUNDS = 200;

    /** The measured costs in nanoseconds. */
    public record Measured(long stealNanos, long wakeNanos) {
    }

    private Calibration() {
    }

    public static Measured measure() {
        return new Measured(median(stealRoundTrips()) / 2, median(wakeRoundTrips()) / 2);
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
