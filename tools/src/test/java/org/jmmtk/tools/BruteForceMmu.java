package org.jmmtk.tools;

import java.util.List;
import java.util.Map;

/**
 * MMU and BMU recomputed from {@code run --json}'s {@code collections[]} ({@code startMs}, {@code endMs})
 * and {@code wallMs} without jmmtk's code: every window position in a fine sweep of the run plus every
 * position where a window edge meets a pause edge, each summing its overlap with every pause.
 */
public final class BruteForceMmu {
    private static final int SWEEP_STEPS = 2_000;

    private final double[] starts;
    private final double[] ends;
    private final double wall;
    /** MMU at the length of each span from pause i's start to pause j's end, computed once. */
    private double[] spanMmu;

    @SuppressWarnings("unchecked")
    public BruteForceMmu(Map<String, Object> json) {
        List<Map<String, Object>> collections = (List<Map<String, Object>>) json.get("collections");
        starts = new double[collections.size()];
        ends = new double[collections.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = ((Number) collections.get(i).get("startMs")).doubleValue();
            ends[i] = ((Number) collections.get(i).get("endMs")).doubleValue();
        }
        wall = ((Number) json.get("wallMs")).doubleValue();
    }

    /** The smallest mutator fraction of any window of {@code w} ms; the whole run's when w is longer. */
    public double mmu(double w) {
        if (w >= wall) {
            return 1 - paused(0, wall) / wall;
        }
        double min = 1;
        for (int k = 0; k <= SWEEP_STEPS; k++) {
            min = Math.min(min, utilization(k * (wall - w) / SWEEP_STEPS, w));
        }
        for (int i = 0; i < starts.length; i++) {
            for (double t : new double[] {starts[i], ends[i], starts[i] - w, ends[i] - w}) {
                min = Math.min(min, utilization(Math.max(0, Math.min(wall - w, t)), w));
            }
        }
        return min;
    }

    /** The smallest MMU over {@code w} and every longer span from a pause start to a pause end, and the run. */
    public double bmu(double w) {
        if (spanMmu == null) {
            spanMmu = new double[starts.length * ends.length];
            for (int i = 0; i < starts.length; i++) {
                for (int j = 0; j < ends.length; j++) {
                    spanMmu[i * ends.length + j] = ends[j] > starts[i] ? mmu(ends[j] - starts[i]) : 1;
                }
            }
        }
        double min = Math.min(mmu(w), mmu(wall));
        for (int i = 0; i < starts.length; i++) {
            for (int j = 0; j < ends.length; j++) {
                if (ends[j] - starts[i] >= w) {
                    min = Math.min(min, spanMmu[i * ends.length + j]);
                }
            }
        }
        return min;
    }

    private double utilization(double t, double w) {
        return 1 - paused(t, t + w) / w;
    }

    private double paused(double from, double to) {
        double sum = 0;
        for (int i = 0; i < starts.length; i++) {
            sum += Math.max(0, Math.min(to, ends[i]) - Math.max(from, starts[i]));
        }
        return sum;
    }
}
