package org.jmmtk.bindings.trace;

/**
 * Quotes user input inside an error message: at most {@link #MAX_CHARS} characters (then "..."), in
 * single quotes, with control characters, quotes and backslashes escaped, so a message stays one short
 * printable line whatever a file holds.
 */
public final class Quote {
    /** Longest part of the input an error message repeats. */
    public static final int MAX_CHARS = 80;

    private Quote() {
    }

    /** {@code text} quoted and escaped, cut to {@link #MAX_CHARS} characters. */
    public static String of(CharSequence text) {
        return of(text, false);
    }

    private static String of(CharSequence text, boolean cut) {
        StringBuilder b = new StringBuilder(Math.min(text.length(), MAX_CHARS) + 8).append('\'');
        int n = Math.min(text.length(), MAX_CHARS);
        escape(text, n, b);
        if (cut || text.length() > n) {
            b.append("...");
        }
        return b.append('\'').toString();
    }

    /** {@code bytes[from, to)} decoded as UTF-8 (malformed bytes replaced), quoted as {@link #of}. */
    public static String of(byte[] bytes, int from, int to) {
        int n = Math.min(to - from, MAX_CHARS * 4);
        String s = new String(bytes, from, n, java.nio.charset.StandardCharsets.UTF_8);
        return of(s, to - from > n);
    }

    /** Escapes control characters (not quotes or backslashes): a whole message made printable, one line. */
    public static String escape(CharSequence text) {
        StringBuilder b = new StringBuilder(text.length());
        escape(text, text.length(), b, false);
        return b.toString();
    }

    private static void escape(CharSequence text, int n, StringBuilder b) {
        escape(text, n, b, true);
    }

    private static void escape(CharSequence text, int n, StringBuilder b, boolean quotes) {
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\\' -> b.append(quotes ? "\\\\" : "\\");
                case '\'' -> b.append(quotes ? "\\'" : "'");
                default -> {
                    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029'
                            || Character.isSurrogate(c) && !validSurrogate(text, i, n)) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
    }

    private static boolean validSurrogate(CharSequence text, int i, int n) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
    }
}
