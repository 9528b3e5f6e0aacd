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

    private static final Pattern SYNTAX = Pattern.compile(
            "\\s*([a-z-]+)\\s+([A-Za-z0-9_.-]+|fragmented\\([0-9]+,\\s*[0-9]+[kKmM]?\\))\\s*(<=|>=|!=|==|=|<|>)\\s*([0-9.]+[kKmMgG]?%?)\\s*([a-z]+)?\\s*");

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

    /** Parses {@code text}; throws {@link IllegalArgumentException} saying what is wrong. */
    public static Trigger parse(int id, String text) {
        Matcher m = SYNTAX.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("trigger '" + text + "' is not EVENT ATTRIBUTE OP VALUE [ACTION], "
                    + "e.g. 'gc-start gc = 12' or 'alloc ms.used > 80%'");
        }
        Event event = null;
        for (Event e : Event.values()) {
            if (e.label.equals(m.group(1))) {
                event = e;
            }
        }
        if (event == null) {
            throw new IllegalArgumentException("trigger '" + text + "': unknown event '" + m.group(1)
                    + "' (alloc, gc-start, gc-end)");
        }
        String attribute = m.group(2);
        String space = null;
        long chunks = 0;
        long largest = 0;
        if (attribute.startsWith("fragmented(")) {
            if (event != Event.GC_END) {
                throw new IllegalArgumentException("trigger '" + text + "': fragmented(X,Y) is an attribute of gc-end only");
            }
            String[] xy = attribute.substring("fragmented(".length(), attribute.length() - 1).split(",");
            chunks = Long.parseLong(xy[0].trim());
            largest = Options.parseSize(xy[1].trim().toLowerCase(Locale.ROOT));
            attribute = "fragmented";
        } else if (attribute.endsWith(".used")) {
            space = attribute.substring(0, attribute.length() - ".used".length());
            attribute = "space.used";
        }
        switch (attribute) {
            case "gc", "allocs", "allocated", "used", "space.used", "fragmented" -> { }
            case "type", "size" -> {
                if (event != Event.ALLOC) {
                    throw new IllegalArgumentException("trigger '" + text + "': " + attribute
                            + " is an attribute of alloc only");
                }
            }
            default -> throw new IllegalArgumentException("trigger '" + text + "': unknown attribute '" + attribute
                    + "' (gc, allocs, allocated, used, SPACE.used, type, size, fragmented(X,Y))");
        }
        String value = m.group(4);
        boolean percent = value.endsWith("%");
        if (percent && !attribute.endsWith("used")) {
            throw new IllegalArgumentException("trigger '" + text + "': only used and SPACE.used take a percentage");
        }
        double threshold;
        try {
            threshold = percent ? Double.parseDouble(value.substring(0, value.length() - 1))
                    : Options.parseSize(value.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("trigger '" + text + "': bad value '" + value + "'");
        }
        Action action = Action.PAUSE;
        if (m.group(5) != null) {
            try {
                action = Action.valueOf(m.group(5).toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("trigger '" + text + "': unknown action '" + m.group(5)
                        + "' (pause, backtrace)");
            }
        }
        String op = m.group(3).equals("==") ? "=" : m.group(3);
        return new Trigger(id, text.trim(), event, attribute, space, op, threshold, percent, action, chunks, largest);
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
