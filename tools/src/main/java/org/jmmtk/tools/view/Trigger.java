package org.jmmtk.tools.view;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jmmtk.core.Options;

/**
 * A GCspy trigger: at an event, when an attribute compares with a threshold, do an action. Written
 * {@code EVENT ATTRIBUTE OP VALUE [ACTION]}, for example {@code alloc mature.used > 80%},
 * {@code gc-start gc = 12}, {@code alloc type = 7}. Events: {@code alloc} (after each allocation),
 * {@code gc-start}, {@code gc-end}. Attributes: {@code gc} (the collection's number; collections
 * started so far), {@code allocs} (allocations so far), {@code allocated} (bytes allocated),
 * {@code used} (heap in use), {@code SPACE.used} (one space's pages in use); at {@code alloc} also
 * {@code type} (type id) and {@code size} (bytes of the object); at {@code gc-end} also
 * {@code fragmented(X,Y)}, GCspy's fragmentation trigger: the number of tiles (the n-byte regions) split
 * into more than X free chunks of which the largest is at most Y bytes. Byte values take k/m/g suffixes; the
 * used attributes take a percentage of the heap budget. Operators: {@code < <= = != >= >}. Actions:
 * {@code pause} (the default) and {@code backtrace} (pause and show the events before it).
 *
 * <p>State attributes fire when the comparison becomes true (not again until it was false), so a
 * resumed run does not stop at once again; per-object attributes ({@code type}, {@code size}) fire at
 * every matching allocation. Parsed on any thread; evaluated only on the simulation thread.
 */
public final class Trigger {
    /** Where a trigger is checked. */
    public enum Event {
        ALLOC("alloc"), GC_START("gc-start"), GC_END("gc-end");

        final String label;

        Event(String label) {
            this.label = label;
        }
    }

    /** What a trigger does when it fires. */
    public enum Action {
        PAUSE, BACKTRACE
    }

    /** The current values of the attributes, supplied by the simulation thread. */
    public interface Readings {
        long gcNumber();

        long allocations();

        long bytesAllocated();

        long usedBytes();

        /** Bytes of pages {@code space} holds; -1 if there is no such space. */
        long spaceUsedBytes(String space);

        long heapBytes();

        /** Tiles with more than {@code chunks} free chunks whose largest is at most {@code largest} bytes. */
        long fragmentedTiles(long chunks, long largest);
    }

    private static final String SHAPE = "EVENT ATTRIBUTE OP VALUE [ACTION], e.g. 'gc-start gc = 12' or 'alloc ms.used > 80%'";
    private static final Pattern ATTRIBUTE = Pattern.compile("fragmented\\([^)]*\\)|[A-Za-z0-9_.-]+");
    private static final Pattern FRAGMENTED = Pattern.compile("fragmented\\(\\s*([0-9]{1,18})\\s*,\\s*([0-9]{1,15}[kKmM]?)\\s*\\)");
    private static final Pattern OP = Pattern.compile("<=|>=|!=|==|=|<|>");
    private static final Pattern VALUE = Pattern.compile("[0-9]+(\\.[0-9]+)?[kKmMgG]?%?");
    private static final Pattern TOKEN = Pattern.compile("\\S+");

    private final int id;
    private final String text;
    private final Event event;
    private final String attribute;
    private final String space;
    private final String op;
    private final double threshold;
    private final boolean percent;
    private final Action action;
    private final long chunks;
    private final long largest;
    private boolean held;
    private volatile long hits;

    private Trigger(int id, String text, Event event, String attribute, String space, String op, double threshold,
                    boolean percent, Action action, long chunks, long largest) {
        this.id = id;
        this.text = text;
        this.event = event;
        this.attribute = attribute;
        this.space = space;
        this.op = op;
        this.threshold = threshold;
        this.percent = percent;
        this.action = action;
        this.chunks = chunks;
        this.largest = largest;
    }

    /** Parses {@code text}; throws {@link IllegalArgumentException} naming the token that is wrong. */
    public static Trigger parse(int id, String text) {
        String t = text == null ? "" : text.trim();
        Tokens in = new Tokens(t);
        String eventName = in.next(TOKEN, "an event (alloc, gc-start, gc-end)");
        Event event = null;
        for (Event e : Event.values()) {
            if (e.label.equals(eventName)) {
                event = e;
            }
        }
        if (event == null) {
            throw in.wrong("unknown event '" + eventName + "' (alloc, gc-start, gc-end)");
        }
        String attribute = in.next(ATTRIBUTE, "an attribute (gc, allocs, allocated, used, SPACE.used, type, size, fragmented(X,Y))");
        String space = null;
        long chunks = 0;
        long largest = 0;
        if (attribute.startsWith("fragmented(")) {
            Matcher xy = FRAGMENTED.matcher(attribute);
            if (!xy.matches()) {
                throw in.wrong("'" + attribute + "' is not fragmented(X,Y) with X a number of chunks and Y a size");
            }
            if (event != Event.GC_END) {
                throw in.wrong("fragmented(X,Y) is an attribute of gc-end only");
            }
            chunks = Long.parseLong(xy.group(1));
            largest = Options.parseSize(xy.group(2).toLowerCase(Locale.ROOT));
            attribute = "fragmented";
        } else if (attribute.endsWith(".used")) {
            space = attribute.substring(0, attribute.length() - ".used".length());
            attribute = "space.used";
        }
        switch (attribute) {
            case "gc", "allocs", "allocated", "used", "space.used", "fragmented" -> { }
            case "type", "size" -> {
                if (event != Event.ALLOC) {
                    throw in.wrong(attribute + " is an attribute of alloc only");
                }
            }
            default -> throw in.wrong("unknown attribute '" + attribute
                    + "' (gc, allocs, allocated, used, SPACE.used, type, size, fragmented(X,Y))");
        }
        String op = in.next(OP, "an operator (< <= = != >= >)");
        String value = in.next(TOKEN, "a value");
        if (!VALUE.matcher(value).matches()) {
            throw in.wrong("bad value '" + value + "' (a number, with k/m/g, or a percentage for used)");
        }
        boolean percent = value.endsWith("%");
        if (percent && !attribute.endsWith("used")) {
            throw in.wrong("only used and SPACE.used take a percentage, not '" + value + "'");
        }
        double threshold;
        try {
            threshold = percent ? Double.parseDouble(value.substring(0, value.length() - 1))
                    : Options.parseSize(value.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw in.wrong("bad value '" + value + "'");
        }
        Action action = Action.PAUSE;
        if (!in.atEnd()) {
            String name = in.next(TOKEN, "an action");
            action = switch (name) {
                case "pause" -> Action.PAUSE;
                case "backtrace" -> Action.BACKTRACE;
                default -> throw in.wrong("unknown action '" + name + "' (pause, backtrace)");
            };
        }
        if (!in.atEnd()) {
            throw in.wrong("unexpected '" + in.rest() + "' after the action");
        }
        return new Trigger(id, t, event, attribute, space, op.equals("==") ? "=" : op, threshold, percent, action, chunks, largest);
    }

    /** The trigger's text read left to right, each part after optional white space. */
    private static final class Tokens {
        private final String text;
        private int at;

        Tokens(String text) {
            this.text = text;
        }

        /** The part matching {@code pattern} here; else an error naming what was expected and what is here. */
        String next(Pattern pattern, String expected) {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
            Matcher m = pattern.matcher(text).region(at, text.length());
            if (!m.lookingAt()) {
                throw wrong(at >= text.length() ? "it ends before " + expected + " (" + SHAPE + ")"
                        : "'" + rest() + "' is not " + expected);
            }
            at = m.end();
            return m.group();
        }

        boolean atEnd() {
            return text.substring(at).isBlank();
        }

        /** The next white-space-separated token. */
        String rest() {
            Matcher m = TOKEN.matcher(text).region(at, text.length());
            return m.find() ? m.group() : "";
        }

        IllegalArgumentException wrong(String why) {
            return new IllegalArgumentException("trigger '" + text + "': " + why);
        }
    }

    /** Forgets whether the comparison held (a new run starts). Simulation thread. */
    void reset() {
        held = false;
    }

    public int id() {
        return id;
    }

    public String text() {
        return text;
    }

    public Event event() {
        return event;
    }

    public Action action() {
        return action;
    }

    /** The space a {@code SPACE.used} trigger watches, else null. */
    public String space() {
        return space;
    }

    /** How many times it fired. */
    public long hits() {
        return hits;
    }

    /**
     * Simulation thread: whether this trigger fires now at {@code event}, with the allocated object's
     * {@code type} and {@code size} (ignored at other events).
     */
    public boolean fires(Event at, Readings r, int type, long size) {
        if (at != event) {
            return false;
        }
        boolean perObject = attribute.equals("type") || attribute.equals("size");
        double value = switch (attribute) {
            case "gc" -> r.gcNumber();
            case "allocs" -> r.allocations();
            case "allocated" -> r.bytesAllocated();
            case "used" -> r.usedBytes();
            case "space.used" -> r.spaceUsedBytes(space);
            case "type" -> type;
            case "fragmented" -> r.fragmentedTiles(chunks, largest);
            default -> size;
        };
        if (percent) {
            value = 100.0 * value / r.heapBytes();
        }
        boolean holds = switch (op) {
            case "<" -> value < threshold;
            case "<=" -> value <= threshold;
            case "=" -> value == threshold;
            case "!=" -> value != threshold;
            case ">=" -> value >= threshold;
            default -> value > threshold;
        };
        boolean fire = holds && (perObject || !held);
        held = holds;
        if (fire) {
            hits++;
        }
        return fire;
    }
}
