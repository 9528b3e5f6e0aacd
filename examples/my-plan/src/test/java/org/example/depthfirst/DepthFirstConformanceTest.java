package org.example.depthfirst;

import org.jmmtk.conformance.PlanConformance;

/** jmmtk's conformance kit on the depth-first plan: live sets, GC-thread invariance, out-of-memory. */
class DepthFirstConformanceTest extends PlanConformance {
    DepthFirstConformanceTest() {
        super(new DepthFirstProvider());
    }
}
