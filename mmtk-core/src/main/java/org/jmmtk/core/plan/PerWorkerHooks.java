package org.jmmtk.core.plan;

import java.lang.reflect.Method;
import org.jmmtk.core.scheduling.Collector;

/**
 * Which of the per-worker hooks, {@link Plan#prepareCollector} and {@link Plan#releaseCollector}, a plan
 * class overrides, for {@link CollectorDesignation}: a plan that keeps the base's empty hooks (marksweep)
 * has no {@code PrepareCollector} or {@code ReleaseCollector} packets designated to its workers. Read from
 * the class's declared methods once per plan class, so that a plan of added code is detected like a
 * built-in one and an override is never skipped.
 *
 * <p>Threads: any; the answer is cached per class by a {@link ClassValue}, which is thread-safe.
 */
final class PerWorkerHooks {
    private static final ClassValue<PerWorkerHooks> OF_CLASS = new ClassValue<>() {
        @Override
        protected PerWorkerHooks computeValue(Class<?> type) {
            return new PerWorkerHooks(overrides(type, "prepareCollector"), overrides(type, "releaseCollector"));
        }
    };

    private final boolean prepares;
    private final boolean releases;

    private PerWorkerHooks(boolean prepares, boolean releases) {
        this.prepares = prepares;
        this.releases = releases;
    }

    /** The hooks of a plan class. */
    static PerWorkerHooks of(Class<? extends Plan> type) {
        return OF_CLASS.get(type);
    }

    /** Whether the plan's class overrides {@link Plan#prepareCollector}. */
    boolean prepares() {
        return prepares;
    }

    /** Whether the plan's class overrides {@link Plan#releaseCollector}. */
    boolean releases() {
        return releases;
    }

    /** Whether {@code type} or a superclass below {@link Plan} declares {@code name(Collector)}. */
    private static boolean overrides(Class<?> type, String name) {
        for (Class<?> c = type; c != null && c != Plan.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == 1 && m.getParameterTypes()[0] == Collector.class) {
                    return true;
                }
            }
        }
        return false;
    }
}
