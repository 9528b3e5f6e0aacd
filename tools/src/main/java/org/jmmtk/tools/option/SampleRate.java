package org.jmmtk.tools.option;

import org.jmmtk.tools.error.UsageException;

import org.jmmtk.bindings.trace.Quote;

/** Parses a sampling rate written as {@code 1/N} (N a positive integer): FiLiP's notation. */
public final class SampleRate {
    private SampleRate() {
    }

    /** N of {@code text} = "1/N"; a {@link UsageException} naming {@code option} otherwise. */
    public static int parse(String option, String text) {
        String t = text.trim();
        if (t.startsWith("1/")) {
            try {
                int n = Integer.parseInt(t.substring(2));
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
        }
        throw new UsageException(option + ": " + Quote.of(text) + " is not a sampling rate 1/N with N a positive integer "
                + "(1/1 samples every allocation, 1/100 one in a hundred)");
    }
}
