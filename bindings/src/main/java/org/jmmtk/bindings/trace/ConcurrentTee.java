package org.jmmtk.bindings.trace;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Sends each event to a second consumer at once and, in batches, to a first one on a thread of its own:
 * a checker beside a writer, so that on two cores the check costs no wall time ({@code record}'s
 * post-pass, where the check was half of the pass; its first pass sends the visible-death analysis
 * the log's events this way, beside the reading of the log). Events travel as primitives, five words each (type
 * names aside), in batches of {@value #EVENTS}; the checker trails the feeding thread by at most four
 * batches. {@link #replay} reports what {@link TeeEvents} would: the first consumer's exception for the
 * earliest event it rejects, even when the source or the second consumer failed on a later one, and
 * nothing else once the first consumer failed; the second consumer may have seen events after the one
 * the first rejected, so its output must count only when {@code replay} returns. The first consumer's
 * exception reaches the source only at a batch boundary, if at all: not for sources that add their own
 * context (a line number) to a checker's exception. The calling thread feeds; one checking thread
 * consumes.
 */
public final class ConcurrentTee implements TraceEvents {
    static final int EVENTS = 8192;
    private static final int WORDS = 5;
    private static final int BATCHES = 4;
    private static final int TYPE = 0;
    private static final int ALLOC = 1;
    private static final int WRITE = 2;
    private static final int ROOT = 3;
    private static final int GLOBAL = 4;
    private static final int DEATH = 5;
    private static final int POINT = 6;
    private static final int COLLECT = 7;
    private static final int WEAK_SLOT = 8;

    /** Events as {kind, thread, a, b, c}; a type's name is in {@link #names}, its index in {@code b}. */
    private static final class Batch {
        final long[] words = new long[WORDS * EVENTS];
        final List<String> names = new ArrayList<>();
        int events;
        boolean last;
    }

    private final TraceEvents first;
    private final TraceEvents second;
    private final BlockingQueue<Batch> full = new ArrayBlockingQueue<>(BATCHES);
    private final BlockingQueue<Batch> free = new ArrayBlockingQueue<>(BATCHES);
    private final Thread checking;
    private volatile Throwable failure;
    private Batch batch = new Batch();

    private ConcurrentTee(TraceEvents first, TraceEvents second) {
        this.first = first;
        this.second = second;
        for (int i = 1; i < BATCHES; i++) {
            free.add(new Batch());
        }
        checking = new Thread(this::consume, "jmmtk-check");
        checking.setDaemon(true);
    }

    /**
     * Replays {@code source} into {@code second} with {@code first} on a thread of its own; returns when both
     * have every event, throwing the first one's exception if it rejected one.
     */
    public static void replay(TraceSource source, TraceEvents first, TraceEvents second) throws IOException {
        replay(source::replay, first, second);
    }

    /** What sends events to a tee: a {@link TraceSource}'s replay, or a pass over some other record of events. */
    public interface Feed {
        void into(TraceEvents tee) throws IOException;
    }

    /** As {@link #replay(TraceSource, TraceEvents, TraceEvents)}, the events sent by {@code feed}. */
    public static void replay(Feed feed, TraceEvents first, TraceEvents second) throws IOException {
        ConcurrentTee tee = new ConcurrentTee(first, second);
        tee.checking.start();
        try {
            feed.into(tee);
        } catch (IOException | RuntimeException | Error e) {
            tee.finish();
            tee.rethrowFailure();
            throw e;
        }
        tee.finish();
        tee.rethrowFailure();
    }

    /** The checking thread: every batch through the first consumer (until it fails), then back to the free list. */
    private void consume() {
        while (true) {
            Batch b = take(full);
            if (failure == null) {
                try {
                    send(b);
                } catch (RuntimeException | Error e) {
                    failure = e;
                }
            }
            if (b.last) {
                return;
            }
            b.events = 0;
            b.names.clear();
            free.add(b);
        }
    }

    private void send(Batch b) {
        long[] w = b.words;
        for (int i = 0, at = 0; i < b.events; i++, at += WORDS) {
            int thread = (int) w[at + 1];
            long a = w[at + 2];
            long c = w[at + 4];
            switch ((int) w[at]) {
                case TYPE -> first.type((int) a, b.names.get((int) w[at + 3]));
                case ALLOC -> first.alloc(thread, a, w[at + 3], (int) (c >>> 32), (int) c);
                case WRITE -> first.write(thread, a, (int) w[at + 3], c);
                case ROOT -> first.root(thread, (int) a, w[at + 3]);
                case GLOBAL -> first.global((int) a, w[at + 3]);
                case DEATH -> first.death(a);
                case POINT -> first.perfectPoint();
                case WEAK_SLOT -> first.weakSlot((int) a, (int) w[at + 3]);
                default -> first.collect();
            }
        }
    }

    private static Batch take(BlockingQueue<Batch> queue) {
        while (true) {
            try {
                return queue.take();
            } catch (InterruptedException e) {
                // only this class hands batches over, and it waits for them: keep waiting
            }
        }
    }

    private void put(int kind, int thread, long a, long b, long c) {
        if (batch.events == EVENTS) {
            handOver();
        }
        long[] w = batch.words;
        int at = WORDS * batch.events++;
        w[at] = kind;
        w[at + 1] = thread;
        w[at + 2] = a;
        w[at + 3] = b;
        w[at + 4] = c;
    }

    /** Sends the full batch to the checking thread and takes a free one; stops the source once the checker failed. */
    private void handOver() {
        rethrowFailure();
        full.add(batch); // never full: there are no more batches than places
        batch = take(free);
    }

    /** Sends what is left and waits for the checking thread to finish. */
    private void finish() throws InterruptedIOException {
        batch.last = true;
        full.add(batch);
        try {
            checking.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the trace was being checked");
        }
    }

    private void rethrowFailure() {
        Throwable f = failure;
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error e) {
            throw e;
        }
    }

    @Override
    public void type(int typeId, String name) {
        if (batch.events == EVENTS) {
            handOver(); // first: the name's index is in the batch the event goes to
        }
        put(TYPE, 0, typeId, batch.names.size(), 0);
        batch.names.add(name);
        second.type(typeId, name);
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        put(WEAK_SLOT, 0, typeId, slot, 0);
        second.weakSlot(typeId, slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        put(ALLOC, thread, object, bytes, (long) refSlots << 32 | (typeId & 0xffffffffL));
        second.alloc(thread, object, bytes, refSlots, typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        put(WRITE, thread, source, slot, target);
        second.write(thread, source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        put(ROOT, thread, rootSlot, target, 0);
        second.root(thread, rootSlot, target);
    }

    @Override
    public void global(int rootSlot, long target) {
        put(GLOBAL, 0, rootSlot, target, 0);
        second.global(rootSlot, target);
    }

    @Override
    public void death(long object) {
        put(DEATH, 0, object, 0, 0);
        second.death(object);
    }

    @Override
    public void perfectPoint() {
        put(POINT, 0, 0, 0, 0);
        second.perfectPoint();
    }

    @Override
    public void collect() {
        put(COLLECT, 0, 0, 0, 0);
        second.collect();
    }
}
