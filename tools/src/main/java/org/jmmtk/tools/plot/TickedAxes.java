package org.jmmtk.tools.plot;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;

/**
 * JFreeChart value axes whose ticks and labels come from {@link Ticks} instead of JFreeChart's own tick
 * units (which label a log axis "10^3" and pick round values that miss the measured thread counts).
 * Used by whichever thread draws a figure.
 */
final class TickedAxes {
    private TickedAxes() {
    }

    /** A log axis with a labelled tick at each of {@code required} in its range and round values between. */
    static ValueAxis log(String label, double[] required, boolean integral) {
        LogAxis axis = new LogAxis(label) {
            @Override
            public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
                Range r = getRange();
                return ticks(Ticks.log(r.getLowerBound(), r.getUpperBound(), required, integral), edge);
            }
        };
        axis.setMinorTickMarksVisible(false);
        axis.setSmallestValue(1e-12);
        return axis;
    }

    /** A linear axis with round steps. */
    static ValueAxis linear(String label) {
        return new NumberAxis(label) {
            @Override
            public List refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
                Range r = getRange();
                return ticks(Ticks.linear(r.getLowerBound(), r.getUpperBound()), edge);
            }
        };
    }

    private static List<NumberTick> ticks(double[] values, RectangleEdge edge) {
        String[] labels = Ticks.labels(values);
        boolean vertical = RectangleEdge.isLeftOrRight(edge);
        TextAnchor anchor = vertical ? (edge == RectangleEdge.LEFT ? TextAnchor.CENTER_RIGHT : TextAnchor.CENTER_LEFT)
                : (edge == RectangleEdge.TOP ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER);
        List<NumberTick> ticks = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            ticks.add(new NumberTick(values[i], labels[i], anchor, anchor, 0.0));
        }
        return ticks;
    }
}
