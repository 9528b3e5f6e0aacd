package org.jmmtk.plans.serial;

import java.util.List;
import org.jmmtk.core.plan.PlanFactory;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanProvider;

/** Registers {@link Serial} as plan {@code serial}. */
public final class SerialProvider implements PlanProvider {
    @Override
    public String name() {
        return "serial";
    }

    @Override
    public String description() {
        return "HotSpot's Serial GC: eden and two aged survivor spaces, mark-compact old generation, "
                + "card-marking barrier";
    }

    @Override
    public List<PlanOption> options() {
        return List.of(Serial.YOUNG_BYTES, Serial.SURVIVOR_RATIO, Serial.MAX_TENURING_THRESHOLD, Serial.USE_TLAB,
                Serial.JVM_TLAB_THREADS);
    }

    @Override
    public PlanFactory factory() {
        return Serial::new;
    }
}
