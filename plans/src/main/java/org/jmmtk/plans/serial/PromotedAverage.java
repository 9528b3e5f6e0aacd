package org.jmmtk.plans.serial;

/**
 * HotSpot's estimate of what the next young collection will promote
 * ({@code AdaptivePaddedNoZeroDevAverage(AdaptiveSizePolicyWeight=10, PromotedPadding=3)}, gc/shared/gcUtil):
 * an exponentially weighted average of the bytes promoted per young collection, whose weight is
 * {@code 100 / samples} percent until it falls to the configured weight, plus three times the
 * weighted deviation (not updated by zero samples). In {@code float}, as HotSpot computes it, so
 * that the promotion-safety test flips at the same byte. Used between collections by one thread.
 */
final class PromotedAverage {
    private static final int OLD_THRESHOLD = 100;

    private final int weight;
    private final int padding;
    private float average;
    private float deviation;
    private float padded;
    private int samples;
    private boolean old;

    PromotedAverage(int weight, int padding) {
        this.weight = weight;
        this.padding = padding;
    }

    void sample(float value) {
        samples++;
        if (!old && samples > OLD_THRESHOLD) {
            old = true;
        }
        average = adaptive(value, average);
        if (value != 0) {
            deviation = adaptive((float) Math.abs((double) (value - average)), deviation);
        }
        padded = average + padding * deviation;
    }

    private float adaptive(float value, float avg) {
        int countWeight = old ? 0 : OLD_THRESHOLD / samples;
        int w = Math.max(weight, countWeight);
        return (100.0F - w) * avg / 100.0F + w * value / 100.0F;
    }

    /** The padded average, HotSpot's {@code padded_average()}. */
    float padded() {
        return padded;
    }

    float average() {
        return average;
    }
}
