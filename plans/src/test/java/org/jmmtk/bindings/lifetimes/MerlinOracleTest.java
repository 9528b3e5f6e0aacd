package org.jmmtk.bindings.lifetimes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.plans.Plans;

/**
 * Merlin's deaths equal an independent oracle's (a literal walk of a boxed graph before every
 * allocation) on random valid multi-threaded traces, on every plan, with one and two GC threads, in
 * tight and roomy heaps, as a plugin of a plain run and (on semispace) through {@code lifetimes}; brute
 * force equals the oracle too. (Run with more tries while changing Merlin: 250 traces took 17 s.)
 */
class MerlinOracleTest {
    @Property(tries = 15)
    void onHarshRandomTraces(@ForAll long seed, @ForAll @IntRange(min = 1, max = 2) int gcThreads) throws IOException {
        check(RandomTraces.generate(seed, 1000), gcThreads);
    }

    @Property(tries = 4)
    void onTheRandomWorkload(@ForAll @LongRange(min = 1, max = 1_000_000) long seed,
                             @ForAll @IntRange(min = 1, max = 2) int gcThreads) throws IOException {
        check(Workloads.REGISTRY.find("random").orElseThrow().factory().create(seed, 0.1), gcThreads);
    }

    private static void check(TraceSource trace, int gcThreads) throws IOException {
        TreeMap<Long, Long> oracle = Deaths.oracle(trace);
        assertEquals(oracle, Deaths.bruteForce(trace), "brute force");
        for (Plans.Entry plan : Plans.REGISTRY.all()) {
            assertEquals(oracle, Deaths.merlin(plan.name(), trace, gcThreads), plan.name());
        }
        assertEquals(oracle, Deaths.merlin("semispace", trace, gcThreads, false), "lifetimes on semispace");
    }
}
