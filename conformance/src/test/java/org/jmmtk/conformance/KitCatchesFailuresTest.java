package org.jmmtk.conformance;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jmmtk.plans.nogc.NoGCProvider;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The kit fails a plan that does not collect where collecting is needed, and rejects bad settings. */
class KitCatchesFailuresTest {
    @Test
    void aPlanThatCannotCollectInTheHeapFails() {
        ConformanceKit kit = ConformanceKit.of(new NoGCProvider()).seeds(1);
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> kit.checkLiveSet(1));
        assertTrue(e.getMessage().contains("out of memory"), e.getMessage());
    }

    @Test
    void badSettingsAreRejected() {
        ConformanceKit kit = ConformanceKit.of(new NoGCProvider());
        assertThrows(IllegalArgumentException.class, () -> kit.heapFactor(0.5));
        assertThrows(IllegalArgumentException.class, () -> kit.gcThreads(0));
        assertThrows(IllegalArgumentException.class, () -> kit.seeds());
    }
}
