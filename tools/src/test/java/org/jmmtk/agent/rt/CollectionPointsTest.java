package org.jmmtk.agent.rt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The agent's forced full collections ({@code collectAt=}): the points' parsing, a point reached by the
 * recorded bytes of all threads together (not of one), each point claimed exactly once and at exactly its
 * byte count, also under threads racing, and the claimed collection run by the thread that claimed it.
 * {@link ThreadState}s are made here without a running recorder; their recorded bytes go through
 * {@link ThreadState#recorded} as the id table reports them.
 */
class CollectionPointsTest {
    private static final long STEP = CollectionPoints.STEP_BYTES;

    @AfterEach
    void none() {
        Recording.collectionPoints(CollectionPoints.NONE);
    }

    @Test
    void pointsAreIncreasingPositiveByteCounts() {
        assertArrayEquals(new long[] {60013688, 73645176}, CollectionPoints.parse("60013688,73645176"));
        assertArrayEquals(new long[0], CollectionPoints.parse(""));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CollectionPoints.parse("5,x"))
                .getMessage().contains("point 2 'x' is not a byte count"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CollectionPoints.parse("-5"))
                .getMessage().contains("point 1 (-5) is not positive"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CollectionPoints.parse("9,9"))
                .getMessage().contains("point 2 (9) is not larger than the one before it (9)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CollectionPoints.parse("9,"))
                .getMessage().contains("point 2 '' is not a byte count"));
    }

    @Test
    void aPointIsReachedByTheBytesOfAllThreadsTogether() {
        Recording.collectionPoints(new CollectionPoints(new long[] {3 * STEP}));
        ThreadState a = new ThreadState(Thread.currentThread(), 0);
        ThreadState b = new ThreadState(new Thread("b"), 1);
        a.recorded(STEP);
        a.recorded(STEP);
        assertFalse(a.owesCollection(), "two steps of three");
        b.recorded(STEP - 8);
        assertFalse(b.owesCollection(), "a step not yet complete is not counted");
        b.recorded(8);
        assertTrue(b.owesCollection(), "the thread whose step reaches the point claims it");
        assertFalse(a.owesCollection());
    }

    @Test
    void eachPointIsClaimedOnceAtItsByteCount() {
        CollectionPoints points = new CollectionPoints(new long[] {STEP, 2 * STEP, 5 * STEP});
        assertEquals(0, points.add(STEP - 1));
        assertEquals(1, points.add(1), "exactly at the first point");
        assertEquals(1, points.add(STEP), "exactly at the second");
        assertEquals(0, points.add(2 * STEP), "4 steps: the third point is at 5");
        assertEquals(1, points.add(STEP));
        assertEquals(0, points.add(100 * STEP), "past the last point");
        assertEquals(2, new CollectionPoints(new long[] {STEP, 2 * STEP}).add(3 * STEP), "one step past two points");
    }

    @Test
    void racingThreadsClaimEveryPointExactlyOnce() throws Exception {
        int threads = 4;
        int steps = 2000;
        long[] at = new long[100];
        for (int i = 0; i < at.length; i++) {
            at[i] = (i + 1) * 70 * STEP + i; // not on a step boundary
        }
        CollectionPoints points = new CollectionPoints(at);
        AtomicInteger claimed = new AtomicInteger();
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                for (int i = 0; i < steps; i++) {
                    claimed.addAndGet(points.add(STEP));
                }
            });
            thread.start();
            running.add(thread);
        }
        for (Thread thread : running) {
            thread.join();
        }
        long total = threads * steps * STEP;
        assertEquals(total, points.recorded());
        int reached = 0;
        for (long p : at) {
            reached += p <= total ? 1 : 0;
        }
        assertEquals(reached, claimed.get(), "every point below the total, once");
        assertEquals(at.length, reached, "the test reaches them all");
    }

    @Test
    void theClaimingThreadCollectsAndOwesNothingAfter() {
        Recording.collectionPoints(new CollectionPoints(new long[] {STEP}));
        ThreadState s = new ThreadState(Thread.currentThread(), 0);
        WeakReference<Object> garbage = new WeakReference<>(new byte[1024]);
        s.recorded(STEP);
        assertTrue(s.owesCollection());
        s.collectOwed();
        assertFalse(s.owesCollection());
        assertTrue(garbage.get() == null, "a full collection ran and cleared the weak reference to garbage");
        s.recorded(10 * STEP);
        assertFalse(s.owesCollection(), "no point left");
    }
}
