package org.jmmtk.bindings.replay;

import java.io.IOException;
import org.jmmtk.bindings.trace.StreamCursor;
import org.jmmtk.bindings.trace.StreamSegments;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceSource;

/**
 * Replays a trace on several mutator threads at once ({@code run --mutator-threads N}): the calling
 * thread reads the trace and hands each record to one of N {@link MutatorThread}s (a {@link
 * Dispatcher}); each runs its records in trace order, waiting for another thread's earlier record only
 * where the trace says one depends on it (an object it names was allocated there; the same slot was
 * stored into there). Every slot therefore receives the same stores in the same order as in the
 * sequential replay, and the heap at the end is the same graph.
 *
 * <p>In between, collections fall wherever the threads happen to be, and a thread may have run ahead
 * of another: an object the trace still names may then be unreachable in the heap (a thread cleared
 * the last reference to it before another thread, earlier in the trace, stored it elsewhere). So each
 * collection also keeps what the trace may still need: with the <i>cut</i> the epoch of the first
 * record not yet done (an epoch counts the trace's allocations and collection requests, the points
 * where the sequential replay may collect), the objects allocated, and the references overwritten, by
 * records done at or beyond the cut. Every slot then either still holds what it held in the
 * sequential heap at the cut, or the object it held there is kept, so everything reachable at that
 * collection point of the sequential replay (which includes everything a valid trace names later)
 * survives, together with everything allocated since. See docs/design.md.
 *
 * <p>This is the replay's {@link MutatorCoordination}: the binding stops and resumes the mutator
 * threads through their {@link MutatorHandshake}, and holds the cut roots ({@link CutRoots}) while the
 * replay runs.
 *
 * <p>Threads: the reader (the caller of {@link #run}), which is also mutator thread 0 and runs that
 * thread's records between reading; mutator threads 1 to N - 1 on threads of their own; and the
 * collector, which calls {@link #stopAll} and {@link #resumeAll} through the binding and scans the
 * cut roots.
 */
final class ParallelReplay implements MutatorCoordination {
    private final ReplayBinding binding;
    private final MutatorHandshake handshake;
    private final MutatorThread[] threads;
    private final Dispatcher dispatcher;
    private final CutRoots cutRoots;
    private final String source;
    private volatile boolean aborted;
    private Throwable failure;

    private ParallelReplay(EventExecutor executor, int n, String source, boolean ownRecords) {
        this.binding = executor.binding();
        this.source = source;
        this.handshake = new MutatorHandshake(n);
        this.threads = new MutatorThread[n];
        for (int i = 0; i < n; i++) {
            threads[i] = new MutatorThread(i, this, executor, handshake);
        }
        this.dispatcher = ownRecords ? null : new Dispatcher(this, threads, binding.mutatorRegistry(), binding.mmtk().plan().weakSlots());
        this.cutRoots = new CutRoots(binding.memory(), binding.rootArea());
    }

    /**
     * Replays {@code source} on {@code n} mutator threads through {@code executor}; returns when every
     * record is done. Rethrows the first failure of any thread (a trace error located by its record
     * number, a simulated out-of-memory).
     */
    static ParallelStats run(EventExecutor executor, TraceSource source, int n) throws IOException {
        StreamOwners owners = new StreamOwners(executor.binding().mutatorRegistry(), n);
        StreamSegments segments = StreamSegments.open(source, n, owners);
        if (segments == null) {
            return runThreads(new ParallelReplay(executor, n, source.describe(), false), source);
        }
        try {
            ParallelReplay replay = new ParallelReplay(executor, n, source.describe(), true);
            StreamFiller[] fillers = new StreamFiller[n];
            for (int i = 0; i < n; i++) {
                int self = i;
                fillers[i] = new StreamFiller(replay, owners, new StreamCursor(segments, o -> owners.owner(o) == self), i,
                        executor.binding().mmtk().options().heapBytes(), executor.binding().mmtk().plan().weakSlots());
                replay.threads[i].readOwnRecords(fillers[i]);
            }
            ParallelStats stats = runThreads(replay, source);
            long objects = 0;
            long bytes = 0;
            for (StreamFiller f : fillers) {
                objects += f.objects();
                bytes += f.bytesAllocated();
            }
            segments.checkEnd(objects, bytes);
            return stats;
        } finally {
            segments.close();
        }
    }

    /**
     * Runs {@code replay}: its dispatcher reads {@code source} on this thread, which is also mutator
     * thread 0; or, without one, mutator thread 0 reads its own records here as the others do on theirs.
     */
    private static ParallelStats runThreads(ParallelReplay replay, TraceSource source) throws IOException {
        int n = replay.threads.length;
        ReplayBinding binding = replay.binding;
        binding.replayOnSeveralThreads(replay);
        binding.hold(replay.cutRoots);
        // mutator thread 0 runs on this thread, between reading records
        Thread[] running = new Thread[n - 1];
        for (int i = 1; i < n; i++) {
            running[i - 1] = new Thread(null, replay.threads[i], "jmmtk-mutator-" + i, 1 << 20);
            running[i - 1].setDaemon(true);
            running[i - 1].start();
        }
        try {
            if (replay.dispatcher == null) {
                replay.threads[0].run();
            } else {
                source.replay(replay.dispatcher);
                replay.dispatcher.finish();
            }
        } catch (Aborted e) {
            // a mutator thread failed; its failure is rethrown below
        } catch (IOException | RuntimeException | Error e) {
            replay.fail(e, null);
        } finally {
            if (replay.dispatcher != null) {
                replay.handshake.exit();
            }
        }
        boolean interrupted = false;
        for (Thread t : running) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    // a caller that gives up (a test's timeout) ends the replay rather than waiting for it
                    interrupted = true;
                    replay.fail(new java.io.InterruptedIOException("the parallel replay was interrupted"), null);
                    if (!t.isAlive()) {
                        break;
                    }
                    try {
                        t.join(1000);
                    } catch (InterruptedException again) {
                        // still give it up to a second; a thread stuck in a collection is a daemon
                    }
                    break;
                }
            }
        }
        binding.release(replay.cutRoots);
        binding.replayOnOneThread();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        replay.rethrowFailure();
        long records = 0;
        long waits = 0;
        long windowWaits = 0;
        long waitNanos = 0;
        for (MutatorThread t : replay.threads) {
            records += t.records();
            waits += t.waits();
            windowWaits += t.windowWaits();
            waitNanos += t.waitNanos();
        }
        return new ParallelStats(n, records, waits, windowWaits, waitNanos);
    }

    MutatorHandshake handshake() {
        return handshake;
    }

    MutatorThread thread(int ordinal) {
        return threads[ordinal];
    }

    int threads() {
        return threads.length;
    }

    // ---- the collector's side ----

    /** Stops every mutator thread, then holds the objects beyond the cut in the cut roots. */
    @Override
    public void stopAll() {
        handshake.stopAll();
        // the reader's bound first: a batch it hands over afterwards is then seen in its queue
        long cut = dispatcher == null ? Long.MAX_VALUE : dispatcher.openEpoch();
        for (MutatorThread t : threads) {
            cut = Math.min(cut, t.firstUndoneEpoch());
        }
        for (MutatorThread t : threads) {
            t.holdBeyond(cut, cutRoots);
        }
    }

    @Override
    public void resumeAll() {
        for (MutatorThread t : threads) {
            t.refreshLog(cutRoots);
        }
        cutRoots.clear();
        handshake.resumeAll();
    }

    // ---- the mutator threads' side ----

    @Override
    public void enterSafeRegion() {
        handshake.enterSafeRegion();
    }

    @Override
    public void leaveSafeRegion() {
        handshake.leaveSafeRegion();
    }

    @Override
    public void abandonSafeRegion(Throwable cause) {
        fail(cause, null);
        handshake.leaveSafeRegion();
    }

    // ---- failure ----

    /** Thrown in the reader and the mutator threads to unwind them once the replay failed. */
    static final class Aborted extends RuntimeException {
        Aborted() {
            super("the parallel replay was aborted", null, false, false);
        }
    }

    boolean isAborted() {
        return aborted;
    }

    void checkNotAborted() {
        if (aborted) {
            throw new Aborted();
        }
    }

    /** Records the first failure ({@code at}: the mutator thread it happened on, or null for the reader) and stops everyone. */
    void fail(Throwable t, MutatorThread at) {
        synchronized (this) {
            if (failure == null && !(t instanceof Aborted)) {
                long position = at == null ? -1 : at.currentPosition();
                failure = t instanceof TraceException e && position > 0
                        ? e.at(source + ": record " + position) : t;
            }
        }
        aborted = true;
        handshake.abort();
        for (MutatorThread m : threads) {
            m.close();
        }
    }

    private void rethrowFailure() throws IOException {
        Throwable t;
        synchronized (this) {
            t = failure;
        }
        if (t instanceof IOException e) {
            throw e;
        }
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }
}
