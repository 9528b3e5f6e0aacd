package org.jmmtk.core.plan;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When a collection designates PrepareCollector and ReleaseCollector to the workers. */
class CollectorDesignationTest {
    private static final int[] TABLE = {0, 1};

    @Test
    void aPlanWithTheBaseHooksDesignatesNothingWhileNoCollectionDiscoversReferences() {
        CollectorDesignation d = new CollectorDesignation(PerWorkerHooks.of(PerWorkerHooksTest.NoHooks.class));
        for (int gc = 0; gc < 3; gc++) {
            assertFalse(d.prepare(null));
            assertFalse(d.release());
        }
    }

    @Test
    void aCollectionThatDiscoversReferencesAndTheOneAfterItDesignatePrepare() {
        CollectorDesignation d = new CollectorDesignation(PerWorkerHooks.of(PerWorkerHooksTest.NoHooks.class));
        assertFalse(d.prepare(null));
        assertTrue(d.prepare(TABLE), "the workers must be handed the table");
        assertTrue(d.prepare(TABLE));
        assertTrue(d.prepare(null), "the workers must drop the table they were handed");
        assertFalse(d.prepare(null));
        assertFalse(d.prepare(null));
    }

    @Test
    void aPlanThatOverridesAHookHasItDesignatedEveryCollection() {
        CollectorDesignation prepares = new CollectorDesignation(PerWorkerHooks.of(PerWorkerHooksTest.Prepares.class));
        CollectorDesignation releases = new CollectorDesignation(PerWorkerHooks.of(PerWorkerHooksTest.Releases.class));
        for (int gc = 0; gc < 3; gc++) {
            assertTrue(prepares.prepare(null));
            assertFalse(prepares.release());
            assertFalse(releases.prepare(null));
            assertTrue(releases.release());
        }
    }
}
