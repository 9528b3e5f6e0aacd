package org.jmmtk.core.util;

import java.util.Locale;

/** Parsing and printing byte sizes the way the command line and the reports write them. */
public final class Bytes {
    private Bytes() {
    }

    /**
     * Parses a size such as {@code 4096}, {@code 512k}, {@code 64m} or {@code 2g} (binary multiples,
     * case-insensitive, an optional trailing {@code b}).
     */
    public static long parse(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT);
        if (s.endsWith("b")) {
            s = s.substring(0, s.length() - 1);
        }
        int shift = 0;
        if (!s.isEmpty()) {
            switch (s.charAt(s.length() - 1)) {
                case 'k' -> shift = 10;
                case 'm' -> shift = 20;
                case 'g' -> shift = 30;
                case 't' -> shift = 40;
                default -> shift = 0;
            }
        }
        if (shift != 0) {
            s = s.substring(0, s.length() - 1);
        }
        long value;
        try {
            value = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a size (examples: 65536, 512k, 64m, 2g)");
        }
        if (value < 0 || (shift > 0 && value > (Long.MAX_VALUE >> shift))) {
            throw new IllegalArgumentException("size '" + text + "' is out of range");
        }
        return value << shift;
    }

    /** Bytes in the largest binary unit that keeps them readable: {@code 32 MiB}, {@code 1.5 GiB}. */
    public static String format(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = 0;
        while (Math.abs(v) >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        if (u == 0 || v == Math.rint(v)) {
            return String.format(FormatLocale.NUMBERS, "%d %s", (long) v, units[u]);
        }
        return String.format(FormatLocale.NUMBERS, "%.1f %s", v, units[u]);
    }
}
