package org.jmmtk.core.plan;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jmmtk.core.scheduling.Collector;
import org.junit.jupiter.api.Test;

/** Which per-worker hooks a plan class overrides, itself or through a superclass: only those get designated packets. */
class PerWorkerHooksTest {
    abstract static class NoHooks extends Plan {
        NoHooks(PlanArgs args) {
            super(args);
        }

        // same name, other parameters: not the hook
        void prepareCollector(int unrelated) {
        }
    }

    abstract static class Prepares extends Plan {
        Prepares(PlanArgs args) {
            super(args);
        }

        @Override
        protected void prepareCollector(Collector collector) {
        }
    }

    private abstract static class InheritsPrepare extends Prepares {
        InheritsPrepare(PlanArgs args) {
            super(args);
        }
    }

    abstract static class Releases extends NoHooks {
        Releases(PlanArgs args) {
            super(args);
        }

        @Override
        protected void releaseCollector(Collector collector) {
        }
    }

    @Test
    void aPlanWithTheBaseHooksHasNone() {
        assertFalse(PerWorkerHooks.of(NoHooks.class).prepares());
        assertFalse(PerWorkerHooks.of(NoHooks.class).releases());
    }

    @Test
    void anOverrideIsFoundInTheClassOrASuperclass() {
        assertTrue(PerWorkerHooks.of(Prepares.class).prepares());
        assertFalse(PerWorkerHooks.of(Prepares.class).releases());
        assertTrue(PerWorkerHooks.of(InheritsPrepare.class).prepares());
        assertFalse(PerWorkerHooks.of(Releases.class).prepares());
        assertTrue(PerWorkerHooks.of(Releases.class).releases());
    }
}
