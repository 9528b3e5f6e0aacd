package org.jmmtk.conformance;

import java.util.stream.Stream;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The conformance kit on every registered plan, as a third party would run it on theirs (two programs
 * each, to stay fast: the bindings' own tests cover every workload). NoGC never collects, so it gets a
 * heap that holds everything the programs allocate.
 */
class BuiltInPlansConformanceTest {
    @TestFactory
    Stream<DynamicNode> everyPlanConforms() {
        return Plans.REGISTRY.all().stream().map(p -> {
            ConformanceKit kit = ConformanceKit.of(p).seeds(1, 2);
            return DynamicContainer.dynamicContainer(p.name(),
                    (p.name().equals("nogc") ? kit.heapFactor(1000) : kit).tests());
        });
    }
}
