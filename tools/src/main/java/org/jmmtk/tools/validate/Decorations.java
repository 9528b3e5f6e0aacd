package org.jmmtk.tools.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.jmmtk.bindings.trace.TraceException;

/**
 * Takes HotSpot's unified-logging decorations apart. A decorated line starts with one bracketed group
 * per decorator, in HotSpot's fixed order (time, utctime, uptime, timemillis, uptimemillis, timenanos,
 * uptimenanos, hostname, pid, tid, level, tags) whatever order {@code -Xlog} named them in, each
 * padded with spaces, then one space and the message; a line whose only group is blank continues the
 * message above it. Which decorators a file uses is not written anywhere, so it is worked out from
 * the groups' shapes across the whole file: every layout (an increasing assignment of decorators to
 * groups whose shapes match) that fits every line, and they must agree on where the level, the tags
 * and the uptime are. Used by one thread.
 */
final class Decorations {
    /** The decorators in the order HotSpot prints them. */
    enum Decorator {
        TIME("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[.,]\\d{3}[+-]\\d{4}"),
        UTCTIME("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[.,]\\d{3}[+-]\\d{4}"),
        UPTIME("\\d+[.,]\\d+s"),
        TIMEMILLIS("\\d+ms"),
        UPTIMEMILLIS("\\d+ms"),
        TIMENANOS("\\d+ns"),
        UPTIMENANOS("\\d+ns"),
        HOSTNAME("[^\\s\\[\\]]+"),
        PID("\\d+"),
        TID("\\d+"),
        LEVEL("trace|debug|info|warning|error"),
        // no tag is named like a level, so a lone level is never read as tags
        TAGS("(?!(trace|debug|info|warning|error)$)[a-z][a-z0-9]*(,[a-z][a-z0-9]*)*");

        private final Pattern shape;

        Decorator(String shape) {
            this.shape = Pattern.compile(shape);
        }

        boolean matches(String group) {
            return shape.matcher(group).matches();
        }
    }

    private static final Pattern BLANK = Pattern.compile("\\[ *\\]");

    private Decorations() {
    }

    /** A line split into its decoration groups (trimmed) and its message; null groups for a continuation. */
    private record Split(int number, List<String> groups, String message) {
    }

    /** The lines of {@code file} with their decorations read; a bad line is a {@link TraceException} naming it. */
    static List<LogLine> parse(String file, List<String> lines) {
        List<Split> split = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty()) {
                continue;
            }
            split.add(split(file, i + 1, line));
        }
        int[] layout = layout(file, split);
        int tags = indexOf(layout, Decorator.TAGS);
        int level = indexOf(layout, Decorator.LEVEL);
        int uptime = indexOf(layout, Decorator.UPTIME);
        List<LogLine> out = new ArrayList<>(split.size());
        LogLine previous = null;
        for (Split s : split) {
            if (s.groups() == null) {
                if (previous == null) {
                    throw new TraceException(file + ":" + s.number(), "a continuation line with no message before it");
                }
                previous = new LogLine(s.number(), previous.tags(), previous.level(), previous.uptimeSeconds(), s.message());
            } else {
                previous = new LogLine(s.number(), s.groups().get(tags), level < 0 ? null : s.groups().get(level),
                        uptime < 0 ? Double.NaN : seconds(s.groups().get(uptime)), s.message());
            }
            out.add(previous);
        }
        return out;
    }

    private static Split split(String file, int number, String line) {
        var blank = BLANK.matcher(line);
        if (blank.lookingAt() && blank.end() > 2 && line.length() > blank.end() && line.charAt(blank.end()) == ' ') {
            return new Split(number, null, line.substring(blank.end() + 1));
        }
        List<String> groups = new ArrayList<>();
        int at = 0;
        while (at < line.length() && line.charAt(at) == '[') {
            int close = line.indexOf(']', at);
            if (close < 0) {
                throw new TraceException(file + ":" + number, "a decoration '[' is not closed");
            }
            groups.add(line.substring(at + 1, close).trim());
            at = close + 1;
        }
        if (groups.isEmpty()) {
            throw new TraceException(file + ":" + number, "no decorations: jmmtk reads GC logs written with the "
                    + "tags decoration (e.g. -Xlog:gc*:file=gc.log:uptime,level,tags)");
        }
        if (at >= line.length() || line.charAt(at) != ' ') {
            throw new TraceException(file + ":" + number, "the decorations are not followed by a space and a message");
        }
        return new Split(number, groups, line.substring(at + 1));
    }

    /** The one layout that fits every decorated line, as the decorator of each group. */
    private static int[] layout(String file, List<Split> lines) {
        List<int[]> candidates = null;
        int groups = -1;
        int first = 0;
        List<String> firstGroups = null;
        for (Split s : lines) {
            if (s.groups() == null) {
                continue;
            }
            if (candidates == null) {
                candidates = new ArrayList<>();
                assign(s.groups(), 0, 0, new int[s.groups().size()], candidates);
                groups = s.groups().size();
                first = s.number();
                firstGroups = s.groups();
            } else if (s.groups().size() != groups) {
                throw new TraceException(file + ":" + s.number(), s.groups().size() + " decorations where line "
                        + first + " has " + groups);
            } else {
                List<String> reference = firstGroups;
                candidates.removeIf(c -> !fits(c, s.groups()) || !sameProcess(c, reference, s.groups()));
            }
            if (candidates.isEmpty()) {
                throw new TraceException(file + ":" + s.number(), "decorations " + s.groups()
                        + " are not unified logging's (time, utctime, uptime, timemillis, uptimemillis, timenanos, "
                        + "uptimenanos, hostname, pid, tid, level, tags, in that order)");
            }
        }
        if (candidates == null) {
            throw new TraceException(file, "no log lines");
        }
        candidates.removeIf(c -> indexOf(c, Decorator.TAGS) < 0);
        if (candidates.isEmpty()) {
            throw new TraceException(file, "the log has no tags decoration, so its GC lines cannot be told from the "
                    + "others; log with -Xlog:...:file=gc.log:uptime,level,tags");
        }
        // a host name matches any shape: read a group as one only when nothing else fits
        candidates.sort((a, b) -> Boolean.compare(indexOf(a, Decorator.HOSTNAME) >= 0, indexOf(b, Decorator.HOSTNAME) >= 0));
        int[] chosen = candidates.get(0);
        for (int[] c : candidates) {
            if (indexOf(c, Decorator.TAGS) != indexOf(chosen, Decorator.TAGS)) {
                throw new TraceException(file + ":" + first, "cannot tell which decoration is the tags "
                        + "(a host name looks like tags); log with the level decoration too");
            }
        }
        return chosen;
    }

    /** Every increasing assignment of decorators (from {@code from} on) to groups (from {@code g} on). */
    private static void assign(List<String> groups, int g, int from, int[] partial, List<int[]> out) {
        if (g == groups.size()) {
            out.add(partial.clone());
            return;
        }
        Decorator[] all = Decorator.values();
        for (int d = from; d < all.length; d++) {
            if (all[d].matches(groups.get(g))) {
                partial[g] = d;
                assign(groups, g + 1, d + 1, partial, out);
            }
        }
    }

    /** The host name and process id are the same on every line of one JVM's log. */
    private static boolean sameProcess(int[] layout, List<String> first, List<String> groups) {
        for (int g = 0; g < layout.length; g++) {
            if ((layout[g] == Decorator.HOSTNAME.ordinal() || layout[g] == Decorator.PID.ordinal())
                    && !first.get(g).equals(groups.get(g))) {
                return false;
            }
        }
        return true;
    }

    private static boolean fits(int[] layout, List<String> groups) {
        Decorator[] all = Decorator.values();
        for (int g = 0; g < layout.length; g++) {
            if (!all[layout[g]].matches(groups.get(g))) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(int[] layout, Decorator d) {
        for (int g = 0; g < layout.length; g++) {
            if (layout[g] == d.ordinal()) {
                return g;
            }
        }
        return -1;
    }

    private static double seconds(String uptime) {
        return Double.parseDouble(uptime.substring(0, uptime.length() - 1).replace(',', '.'));
    }
}
