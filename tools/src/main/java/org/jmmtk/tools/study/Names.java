package org.jmmtk.tools.study;

import java.util.regex.Pattern;
import org.jmmtk.tools.option.HeapFactorOption;

/**
 * How a study's parameters become parts of file names, running-ng style: letters, digits, {@code -} and
 * {@code _} only, with {@code .} kept to separate the parts ({@code 1.5} is written {@code 1p5}).
 */
final class Names {
    /** What a name given in the config may hold. */
    static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_+-]{1,64}");

    private Names() {
    }

    /** {@code 1.5} as {@code 1p5}, {@code 2} as {@code 2}, {@code 1e-3} as {@code 0p001}. */
    static String number(double value) {
        return HeapFactorOption.plain(value).replace('.', 'p');
    }

    /** A byte count in the largest unit that divides it: {@code 16m}, {@code 1536k}, {@code 1000}. */
    static String size(long bytes) {
        String[] units = {"g", "m", "k"};
        for (int i = 0; i < units.length; i++) {
            long unit = 1L << (10 * (3 - i));
            if (bytes % unit == 0) {
                return bytes / unit + units[i];
            }
        }
        return Long.toString(bytes);
    }

    /** A trace file's name without the extensions traces have: {@code bt} for {@code bt.jmtb.gz}. */
    static String stem(String fileName) {
        String s = fileName;
        for (String ext : new String[] {".gz", ".jmtb", ".trace", ".txt"}) {
            if (s.endsWith(ext) && s.length() > ext.length()) {
                s = s.substring(0, s.length() - ext.length());
            }
        }
        return s.replaceAll("[^A-Za-z0-9_+-]", "_");
    }
}
