package org.jmmtk.conformance;

import java.util.stream.Stream;
import org.jmmtk.core.plan.PlanProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A JUnit 5 test class that runs the {@link ConformanceKit} on one plan. Extend it and name the plan:
 * <pre>{@code
 * class MyPlanConformanceTest extends PlanConformance {
 *     MyPlanConformanceTest() {
 *         super(new MyPlanProvider());
 *     }
 * }
 * }</pre>
 * or pass a tuned kit: {@code super(ConformanceKit.of(new MyPlanProvider()).heapFactor(6).seeds(1, 2))}.
 * Each check for each program is one test in the report. Threads: JUnit's.
 */
public abstract class PlanConformance {
    private final ConformanceKit kit;

    protected PlanConformance(PlanProvider provider) {
        this(ConformanceKit.of(provider));
    }

    protected PlanConformance(ConformanceKit kit) {
        this.kit = kit;
    }

    /** Every check of the kit. */
    @TestFactory
    public final Stream<DynamicTest> conformance() {
        return kit.tests();
    }
}
