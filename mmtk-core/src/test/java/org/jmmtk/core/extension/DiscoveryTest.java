package org.jmmtk.core.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.jmmtk.core.util.Registry;
import org.junit.jupiter.api.Test;

/**
 * A registry discovers one thread at a time: the command line starts discovering the plans on a thread of its
 * own while it builds the command, and the command that asks meanwhile must wait for that discovery, not
 * make its own beside it (the providers built twice, two lists). No timing: the first discovery is held
 * inside a provider's constructor until the second thread is seen blocked, or discovering too.
 */
class DiscoveryTest {
    /** The service of this test: one provider, {@link Held}, listed in the test's services file. */
    public interface HeldService extends Provider {
    }

    /** Counts its constructions, and holds the first until {@link #RELEASE} opens. */
    public static final class Held implements HeldService {
        static final AtomicInteger BUILT = new AtomicInteger();
        static final CountDownLatch ENTERED = new CountDownLatch(1);
        static final CountDownLatch RELEASE = new CountDownLatch(1);

        public Held() throws InterruptedException {
            BUILT.incrementAndGet();
            ENTERED.countDown();
            RELEASE.await();
        }

        @Override
        public String name() {
            return "held";
        }

        @Override
        public String description() {
            return "a provider whose construction waits for the test";
        }
    }

    private record Entry(String name, String description, String origin) implements Discovered {
    }

    @Test
    void aSecondThreadWaitsForTheDiscoveryInProgressAndSharesItsResult() throws Exception {
        Registry<Entry> registry = Discovery.registry(HeldService.class, "held thing",
                (p, origin) -> new Entry(p.name(), p.description(), origin));
        AtomicReference<List<Entry>> first = new AtomicReference<>();
        AtomicReference<List<Entry>> second = new AtomicReference<>();
        Thread a = new Thread(() -> first.set(registry.all()), "first");
        a.start();
        Held.ENTERED.await();
        Thread b = new Thread(() -> second.set(registry.all()), "second");
        b.start();
        // b either blocks on the discovery in progress, or (were discoveries not serialized) builds a provider itself
        while (b.getState() != Thread.State.BLOCKED && Held.BUILT.get() < 2 && b.isAlive()) {
            Thread.onSpinWait();
        }
        Held.RELEASE.countDown();
        a.join();
        b.join();
        assertEquals(1, Held.BUILT.get(), "providers built");
        assertEquals(List.of(new Entry("held", "a provider whose construction waits for the test", Discovery.BUILT_IN)),
                first.get());
        assertSame(first.get(), second.get());
    }
}
