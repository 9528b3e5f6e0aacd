package org.jmmtk.bindings.lifetimes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;

/**
 * Finalization-sampled deaths against the oracle's exact ones, on random multi-threaded traces, every
 * plan, one and two GC threads, with the ephemerons in the heap and the sanity checker on: an observed
 * death is never before the exact one, only dead objects are observed, and only sampled ones (1 in N by
 * allocation order), whether or not the ephemerons are pretenured; at 1/1 a plan that reclaims observes every death (the final collection finds the
 * rest); nogc observes only what its large object space frees.
 */
class SampledLifetimesTest {
    @Property(tries = 8)
    void neverBeforeTheExactDeath(@ForAll long seed, @ForAll @IntRange(min = 1, max = 2) int gcThreads,
                                  @ForAll @IntRange(min = 1, max = 3) int oneIn, @ForAll boolean pretenure)
            throws IOException {
        ScriptedTrace trace = RandomTraces.generate(seed, 800);
        TreeMap<Long, Long> exact = Deaths.oracle(trace);
        List<Long> order = allocationOrder(trace);
        for (Plans.Entry plan : Plans.REGISTRY.all()) {
            TreeMap<Long, Long> observed = sampled(plan, trace, gcThreads, oneIn, pretenure);
            for (Map.Entry<Long, Long> d : observed.entrySet()) {
                Long when = exact.get(d.getKey());
                assertTrue(when != null, plan.name() + ": object " + d.getKey() + " observed dead but never dies");
                assertTrue(d.getValue() >= when, plan.name() + ": object " + d.getKey() + " observed dead at "
                        + d.getValue() + ", before its death at " + when);
                assertEquals(0, order.indexOf(d.getKey()) % oneIn, plan.name() + ": object " + d.getKey() + " was not sampled");
            }
            if (oneIn == 1 && !plan.name().equals("nogc")) {
                assertEquals(exact.keySet(), observed.keySet(), plan.name() + ": every death observed at 1/1");
            }
        }
    }

    private static TreeMap<Long, Long> sampled(Plans.Entry plan, TraceSource trace, int gcThreads, int oneIn,
                                               boolean pretenure) throws IOException {
        Options options = Deaths.options(plan.name(), trace, gcThreads);
        for (double factor : new double[] {1, 2, 8}) {
            Deaths d = new Deaths();
            RunResult r = Lifetimes.sampled(plan,
                    options.copy().heapBytes((long) (factor * options.heapBytes())), trace, oneIn, pretenure, d);
            if (!r.isOutOfMemory()) {
                return d.byId;
            }
        }
        throw new AssertionError(plan.name() + " ran out of memory even in " + 8 * options.heapBytes() + " bytes");
    }

    private static List<Long> allocationOrder(TraceSource trace) throws IOException {
        List<Long> ids = new ArrayList<>();
        trace.replay(new IgnoringEvents() {
            @Override
            public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
                ids.add(object);
            }
        });
        return ids;
    }
}
