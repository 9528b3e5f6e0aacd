package org.jmmtk.core.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The reports' locale prints every number as {@link Locale#ROOT} does, with the conversions the reports use. */
class FormatLocaleTest {
    private static final String[] FORMATS = {"%d", "%,d", "%.1f", "%.2f", "%.3f", "%.4f", "%.4g", "%,d of %,d (%.4f)"};
    private static final double[] VALUES = {0, -0.0, 1, -1, 0.5, 0.4610854056025346, 1.0005, 976.5625, 1234567.891,
        -9876543.21, 1.3615889252352E13, 1e-7, Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY};
    private static final long[] LONGS = {0, 7, -7, 999, 1000, -1000, 658_095, 21_059_040, Long.MAX_VALUE, Long.MIN_VALUE};

    @Test
    void numbersPrintAsTheRootLocalePrintsThem() {
        for (String format : FORMATS) {
            boolean integral = format.startsWith("%d") || format.startsWith("%,d");
            if (integral) {
                for (long v : LONGS) {
                    Object[] args = format.contains("of") ? new Object[] {v, v / 3, v / 7.0} : new Object[] {v};
                    assertEquals(String.format(Locale.ROOT, format, args), String.format(FormatLocale.NUMBERS, format, args),
                            format + " of " + v);
                }
            } else {
                for (double v : VALUES) {
                    assertEquals(String.format(Locale.ROOT, format, v), String.format(FormatLocale.NUMBERS, format, v),
                            format + " of " + v);
                }
            }
        }
    }

    @Test
    void theReportsSymbols() {
        assertEquals("21,059,040 and 0.4611 and 1.362e+13 and 976.6 KiB",
                String.format(FormatLocale.NUMBERS, "%,d and %.4f and %.4g and %s", 21_059_040L, 0.4610854056025346,
                        1.3615889252352E13, Bytes.format(1_000_000)));
    }
}
