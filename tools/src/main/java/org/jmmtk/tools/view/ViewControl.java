package org.jmmtk.tools.view;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The heap view's pause switch (GCspy's server-side pause): the simulation thread asks it at every
 * pause point (after an allocation, at the end of a collection, when a trigger fired) whether to stop,
 * and then really blocks on this monitor until an HTTP thread resumes or steps it. HTTP threads only
 * change the state and signal; they never touch the heap. While blocked, the simulation thread also
 * wakes for a resample request (a new tile size) and for tasks that read the heap (an object's memory
 * display), because only it may read the heap.
 *
 * <p>Step semantics: "step N allocations" runs exactly N more allocations and stops after the N-th;
 * "step N GCs" runs until the end of the N-th collection from now. A trigger that fires during a step
 * stops it early. Thread-safe.
 */
public final class ViewControl {
    private boolean paused;
    private String reason = "";
    private long stepAllocations;
    private long stepGcs;
    private boolean resample;
    private boolean blocked;
    private long blockings;
    private long unblockings;
    private long finishes;
    private long restarts;
    private Moment atRestart = new Moment(0, 0, 0, 0);
    private boolean finished;
    private long stopAtEvent = -1;
    private boolean restart;
    private final List<FutureTask<?>> tasks = new ArrayList<>();

    /** Starts paused (the {@code --paused} option): the simulation stops at its first pause point. */
    public synchronized void startPaused() {
        pauseFor("started paused");
    }

    /** The user's pause: the simulation stops at its next pause point. */
    public synchronized void pause() {
        pauseFor("paused by the user");
    }

    public synchronized void resume() {
        paused = false;
        stepAllocations = 0;
        stepGcs = 0;
        notifyAll();
    }

    /** Runs {@code n} (positive) more allocations, then pauses. */
    public void stepAllocations(long n) {
        step(n, 0);
    }

    /** Runs until the end of the {@code n}-th (positive) collection from now, then pauses. */
    public void stepGcs(long n) {
        step(0, n);
    }

    private synchronized void step(long allocations, long gcs) {
        if (allocations + gcs <= 0) {
            throw new IllegalArgumentException("a step must be at least 1, not " + (allocations + gcs));
        }
        stepAllocations = allocations;
        stepGcs = gcs;
        paused = false;
        notifyAll();
    }

    /**
     * Time travel: the replay starts again from its beginning (it is deterministic) and pauses after
     * heap event {@code event} (0: before the first).
     */
    public synchronized void travelTo(long event) {
        if (event < 0) {
            throw new IllegalArgumentException("an event number must not be negative, not " + event);
        }
        stopAtEvent = event;
        restart = true;
        stepAllocations = 0;
        stepGcs = 0;
        paused = false;
        notifyAll();
    }

    /** Simulation thread: whether the replay must start again (abandon this run now). */
    public synchronized boolean restartRequested() {
        return restart;
    }

    /** Simulation thread, at the start of a run: a restart is under way; pauses at once for event 0. */
    public synchronized void restarted() {
        restart = false;
        finished = false;
        restarts++;
        atRestart = now();
        notifyAll();
        if (stopAtEvent == 0) {
            stopAtEvent = -1;
            pauseFor("went to event 0");
        }
    }

    /** The command's thread, after a run ended: waits until a time travel asks for the replay again. */
    public synchronized void awaitRestart() throws InterruptedException {
        while (!restart) {
            wait();
        }
    }

    /** Simulation thread, after heap event {@code event}: whether to block now (a travel's target). */
    public synchronized boolean afterEvent(long event) {
        if (event == stopAtEvent) {
            stopAtEvent = -1;
            pauseFor("went to event " + event);
        }
        return paused || restart;
    }

    /** Asks a blocked simulation thread to sample the heap again (a new tile size); harmless otherwise. */
    public synchronized void requestResample() {
        resample = true;
        notifyAll();
    }

    /** Pauses for {@code why} (a trigger fired); ends any step in progress. */
    public synchronized void pauseFor(String why) {
        if (finished) {
            return;
        }
        paused = true;
        reason = why;
        stepAllocations = 0;
        stepGcs = 0;
    }

    /** Simulation thread, after each allocation: counts a step; whether to block now. */
    public synchronized boolean afterAllocation() {
        if (stepAllocations > 0 && --stepAllocations == 0) {
            paused = true;
            reason = "stepped allocations";
        }
        return paused;
    }

    /** Simulation thread, at the end of each collection: counts a step; whether to block now. */
    public synchronized boolean afterGc() {
        if (stepGcs > 0 && --stepGcs == 0) {
            paused = true;
            reason = "stepped collections";
        }
        return paused;
    }

    /** Whether the simulation should block at its next pause point. */
    public synchronized boolean pauseRequested() {
        return paused;
    }

    /**
     * Simulation thread: samples, then blocks while paused; while blocked it runs the tasks HTTP threads
     * hand it ({@link #callWhilePaused}) and samples again on each resample request. Returns when
     * resumed or stepped. An interrupt resumes (the view is shutting down).
     */
    public void block(Runnable sample) {
        sample.run();
        synchronized (this) {
            blocked = true;
            blockings++;
            notifyAll();
        }
        try {
            while (true) {
                List<FutureTask<?>> work;
                boolean again;
                synchronized (this) {
                    while (paused && !resample && tasks.isEmpty() && !finished && !restart) {
                        wait();
                    }
                    if (!paused || finished || restart) {
                        return;
                    }
                    again = resample;
                    resample = false;
                    work = new ArrayList<>(tasks);
                    tasks.clear();
                }
                for (FutureTask<?> task : work) {
                    task.run();
                }
                if (again) {
                    sample.run();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            synchronized (this) {
                blocked = false;
                unblockings++;
                notifyAll();
                paused = paused && !Thread.currentThread().isInterrupted();
                for (FutureTask<?> task : tasks) {
                    task.cancel(false);
                }
                tasks.clear();
            }
        }
    }

    /**
     * HTTP thread: runs {@code task} on the blocked simulation thread (the only one that may read the
     * heap) and returns its result; {@link IllegalStateException} if the run is not paused now.
     */
    public <T> T callWhilePaused(Callable<T> task, long millis) throws InterruptedException {
        FutureTask<T> future = new FutureTask<>(task);
        synchronized (this) {
            if (!blocked) {
                throw new IllegalStateException("the run is not paused: pause it first");
            }
            tasks.add(future);
            notifyAll();
        }
        try {
            return future.get(millis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (TimeoutException | CancellationException e) {
            throw new IllegalStateException("the run went on before the answer was ready");
        }
    }

    /** Simulation thread: the program ended; it will not block again. */
    public synchronized void finish() {
        finished = true;
        finishes++;
        paused = false;
        notifyAll();
    }

    /**
     * HTTP thread: how many times the simulation has blocked so far (pass it to {@link #awaitBlocked}
     * before signalling a step).
     */
    public synchronized long blockings() {
        return blockings;
    }

    /**
     * HTTP thread: waits up to {@code millis} until the simulation blocked again after {@code since}
     * blockings, or finished; returns whether it did.
     */
    public synchronized boolean awaitBlocked(long since, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (!finished && !(blocked && blockings > since)) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /** Where the simulation is, for {@link #awaitAfter}: how often it has blocked, left a block, finished, restarted. */
    public record Moment(long blockings, long unblockings, long finishes, long restarts) {
    }

    public synchronized Moment now() {
        return new Moment(blockings, unblockings, finishes, restarts);
    }

    /**
     * HTTP thread, after a control: waits up to {@code millis} until, after {@code since} (after the
     * replay's next restart, when {@code restarted}), the simulation blocked (left its block, when
     * {@code leave}) or a run finished; returns whether it did. Unlike {@link #awaitBlocked}, a run that
     * had already finished does not count: a time travel after the end waits for the replay it starts.
     */
    public synchronized boolean awaitAfter(Moment since, boolean leave, boolean restarted, long millis)
            throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (true) {
            if (!restarted || restarts > since.restarts()) {
                Moment base = restarted ? atRestart : since;
                if (finishes > base.finishes()
                        || (leave ? unblockings > base.unblockings() : blocked && blockings > base.blockings())) {
                    return true;
                }
            }
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
    }

    /** Whether the simulation thread is blocked now. */
    public synchronized boolean isBlocked() {
        return blocked;
    }

    public synchronized boolean isFinished() {
        return finished;
    }

    /** Why the last pause happened (empty before any). */
    public synchronized String reason() {
        return reason;
    }
}
