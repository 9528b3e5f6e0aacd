package org.jmmtk.core.plan;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The plan options given for a run, by name: values parsed and checked against their
 * {@link PlanOption} declarations by whoever read them (the command line, a study, a test). A plan
 * reads them through {@link Plan#option}; an option not given has its declared default. Immutable, so
 * any thread may read it.
 */
public final class PlanOptionValues {
    /** No option given: every option has its default. */
    public static final PlanOptionValues NONE = new PlanOptionValues(Map.of());

    private final Map<String, Long> values;

    private PlanOptionValues(Map<String, Long> values) {
        this.values = values;
    }

    /** These values and {@code option} set to {@code value}; throws {@link IllegalArgumentException} if out of range. */
    public PlanOptionValues with(PlanOption option, long value) {
        Map<String, Long> m = new LinkedHashMap<>(values);
        m.put(option.name(), option.check(value));
        return new PlanOptionValues(Collections.unmodifiableMap(m));
    }

    /** The value of {@code option}: as given, or its default. */
    public long get(PlanOption option) {
        Long v = values.get(option.name());
        return v == null ? option.defaultValue() : v;
    }

    /** Whether {@code option} was given. */
    public boolean isSet(PlanOption option) {
        return values.containsKey(option.name());
    }

    /** The values given, by option name, in the order they were set. */
    public Map<String, Long> asMap() {
        return values;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
