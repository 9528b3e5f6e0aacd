package org.jmmtk.bindings.replay;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Stop-the-world for several mutator threads, as MMTk's bindings do it: a collection sets a flag and
 * waits until no mutator is running; a mutator stops at its next poll (a yieldpoint every few
 * records, its allocation slow path) and waits there until the collection resumes it. A mutator that
 * waits for something else (another thread's record, the lock collections hold, its next records)
 * does so in a safe region: it counts as stopped, and may not leave the region while a collection is
 * in progress. A mutator that ended counts as stopped for good.
 *
 * <p>Mutator threads poll and enter and leave safe regions; the GC worker that runs StopMutators
 * stops them all; the thread that ran the collection resumes them.
 */
final class MutatorHandshake {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private volatile boolean stopRequested;
    private int running;
    private boolean aborted;

    /** {@code mutators} threads, all running from the start. */
    MutatorHandshake(int mutators) {
        this.running = mutators;
    }

    /** A yieldpoint: returns at once unless a collection asked the mutators to stop. */
    void yieldpoint() {
        if (stopRequested) {
            enterSafeRegion();
            leaveSafeRegion();
        }
    }

    void enterSafeRegion() {
        lock.lock();
        try {
            running--;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits while a collection is in progress, then runs again. Once the replay has been aborted it
     * returns at once: the caller is then on its way out (it checks, or is already throwing).
     */
    void leaveSafeRegion() {
        lock.lock();
        try {
            while (stopRequested && !aborted) {
                changed.awaitUninterruptibly();
            }
            running++;
        } finally {
            lock.unlock();
        }
    }

    /** The calling mutator thread ended: it never runs again. */
    void exit() {
        enterSafeRegion();
    }

    /** Asks every mutator to stop and waits until none is running. */
    void stopAll() {
        lock.lock();
        try {
            stopRequested = true;
            while (running > 0) {
                changed.awaitUninterruptibly();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Lets the stopped mutators run again. */
    void resumeAll() {
        lock.lock();
        try {
            stopRequested = false;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The replay failed: no mutator waits for a collection any more. */
    void abort() {
        lock.lock();
        try {
            aborted = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
