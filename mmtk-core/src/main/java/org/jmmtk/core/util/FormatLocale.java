package org.jmmtk.core.util;

import java.util.Locale;

/**
 * The locale that jmmtk's run reports format their numbers in: digits 0-9, ',' grouping by three and '.'
 * as the decimal point, the symbols of {@link Locale#ROOT}, named as {@link Locale#US}. JDK 17's
 * {@link java.util.Formatter} uses these symbols as constants for the US locale, while for any other,
 * {@code Locale.ROOT} included, its first formatted number loads the locale's symbols through the CLDR
 * locale provider: 7-10 ms at the end of every short {@code run} (its report), on the main thread. A
 * constant, read by any thread.
 */
public final class FormatLocale {
    /** The locale to pass to {@code String.format} and {@code printf} for numbers in reports. */
    public static final Locale NUMBERS = Locale.US;

    private FormatLocale() {
    }
}
