package org.jmmtk.core.plan;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.jmmtk.core.util.Bytes;

/**
 * An option a plan takes, declared by its {@link PlanProvider#options()} (mmtk-core's plan-specific
 * {@code Options} fields, e.g. {@code nursery}): its name (the command line spells it {@code --NAME},
 * a study file {@code nameInCamelCase}), its type, its default, a one-line help and the range of values
 * it accepts. The command line and the study runner parse, check and document plan options from these
 * declarations alone; the plan reads the value given, or the default, with {@link Plan#option}. Public
 * API; immutable, so any thread may read it.
 *
 * <p>Values are longs: a {@linkplain Type#SIZE size} in bytes, or an {@linkplain Type#INT integer}. A
 * size's default is usually relative to the heap: {@link #size} declares default 0, "the plan's own",
 * which the plan computes and {@link #defaultText()} describes.
 */
public final class PlanOption {
    /** What kind of value an option takes. */
    public enum Type {
        /** Bytes, written with an optional k/m/g suffix ({@code 512k}, {@code 8m}). */
        SIZE("SIZE"),
        /** A whole number. */
        INT("N");

        /** How help texts show a value of this type. */
        public final String paramLabel;

        Type(String paramLabel) {
            this.paramLabel = paramLabel;
        }
    }

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

    private final String name;
    private final Type type;
    private final long defaultValue;
    private final String defaultText;
    private final String help;
    private final long min;
    private final long max;

    private PlanOption(String name, Type type, long defaultValue, String defaultText, String help, long min, long max) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a plan option's name must be lower-case words of letters and digits "
                    + "joined by '-' (as in survivor-ratio), not '" + name + "'");
        }
        if (help == null || help.isBlank() || help.lines().count() != 1) {
            throw new IllegalArgumentException("plan option " + name + " needs a one-line help");
        }
        if (defaultText == null || defaultText.isBlank() || defaultText.lines().count() != 1) {
            throw new IllegalArgumentException("plan option " + name + " needs a one-line default");
        }
        if (min > max) {
            throw new IllegalArgumentException("plan option " + name + " has an empty range " + min + ".." + max);
        }
        this.name = name;
        this.type = type;
        this.defaultValue = defaultValue;
        this.defaultText = defaultText;
        this.help = help;
        this.min = min;
        this.max = max;
    }

    /**
     * A size in bytes, at least 1, whose default the plan computes itself (e.g. from the heap):
     * {@link Plan#option} returns 0 when it is not given, and {@code defaultText} says what the plan
     * then uses ("a quarter of the heap").
     */
    public static PlanOption size(String name, String help, String defaultText) {
        return new PlanOption(name, Type.SIZE, 0, defaultText, help, 1, Long.MAX_VALUE);
    }

    /** A whole number from {@code min} to {@code max}, {@code defaultValue} when not given. */
    public static PlanOption integer(String name, String help, long defaultValue, long min, long max) {
        if (defaultValue < min || defaultValue > max) {
            throw new IllegalArgumentException("plan option " + name + ": the default " + defaultValue
                    + " is out of its range " + min + ".." + max);
        }
        return new PlanOption(name, Type.INT, defaultValue, Long.toString(defaultValue), help, min, max);
    }

    /** The name, without the command line's {@code --}. */
    public String name() {
        return name;
    }

    /** How the command line spells it: {@code --name}. */
    public String flag() {
        return "--" + name;
    }

    /** How a study file spells it: the name in camel case ({@code survivor-ratio}: {@code survivorRatio}). */
    public String key() {
        StringBuilder s = new StringBuilder();
        boolean upper = false;
        for (char c : name.toCharArray()) {
            if (c == '-') {
                upper = true;
            } else {
                s.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return s.toString();
    }

    public Type type() {
        return type;
    }

    /** The value when the option is not given (0 for a size: the plan's own default). */
    public long defaultValue() {
        return defaultValue;
    }

    /** The default as help shows it. */
    public String defaultText() {
        return defaultText;
    }

    /** One line: what the option sets. */
    public String help() {
        return help;
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    /** The help with its default, as listings show it. */
    public String describe() {
        return help + " (default: " + defaultText + ")";
    }

    /** Parses {@code text} as a value of this option; throws {@link IllegalArgumentException} naming the option. */
    public long parse(String text) {
        long value;
        if (type == Type.SIZE) {
            try {
                value = Bytes.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(flag() + ": " + e.getMessage());
            }
        } else {
            try {
                value = Long.parseLong(text.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(flag() + ": '" + text + "' is not a whole number");
            }
        }
        return check(value);
    }

    /** {@code value} if it is in range; else throws {@link IllegalArgumentException} naming the option. */
    public long check(long value) {
        if (value >= min && value <= max) {
            return value;
        }
        if (max == Long.MAX_VALUE || max == Integer.MAX_VALUE) {
            throw new IllegalArgumentException(type == Type.SIZE && min == 1 ? flag() + " must be positive"
                    : String.format(Locale.ROOT, "%s %d must be at least %d", flag(), value, min));
        }
        throw new IllegalArgumentException(String.format(Locale.ROOT, "%s %d is out of range %d..%d", flag(), value,
                min, max));
    }

    /** {@code options} as a list, checked to have distinct names; throws {@link IllegalArgumentException} if not. */
    public static List<PlanOption> distinct(List<PlanOption> options) {
        Set<String> names = new HashSet<>();
        for (PlanOption o : options) {
            if (!names.add(o.name)) {
                throw new IllegalArgumentException("two plan options are called '" + o.name + "'");
            }
        }
        return List.copyOf(options);
    }

    @Override
    public String toString() {
        return flag() + " " + type.paramLabel;
    }
}
