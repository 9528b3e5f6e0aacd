package org.jmmtk.tools.validate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jmmtk.bindings.trace.TraceException;

/**
 * A HotSpot Serial GC log (unified logging, JDK 11 to 25) read into its collections. Lines are
 * chosen by their tag set and level, never by their text: {@code gc} (info: the collector in use and
 * each pause's end), {@code gc,start} (info: each pause's start), {@code gc,heap} (info: the
 * {@code DefNew:}/{@code Tenured:} summaries; debug: the heap printed before and after each GC),
 * {@code gc,age} (debug: the new tenuring threshold; trace: the age table), {@code gc,tlab} (debug: the
 * TLAB totals since the collection before, whose waste is eden the program did not allocate) and
 * {@code gc,heap,exit} (info: the heap at exit). Every message of those is read, and one in a shape this parser does not
 * know is an error naming the file and line; lines of any other tag set or level are skipped.
 * Used by one thread.
 */
public final class SerialGcLog {
    private static final Pattern GC_ID = Pattern.compile("GC\\((\\d+)\\) (.*)");
    private static final Pattern USING = Pattern.compile("Using (.+)");
    private static final Pattern START = Pattern.compile("Pause (Young|Full) \\((.+)\\)");
    private static final Pattern END = Pattern.compile(
            "Pause (Young|Full) \\((.+)\\) (\\d+)M->(\\d+)M\\((\\d+)M\\) (\\d+[.,]\\d+)ms");
    private static final String K = "(\\d+)K(?:\\((\\d+)K\\))?->(\\d+)K\\((\\d+)K\\)";
    private static final Pattern DEFNEW = Pattern.compile("DefNew: " + K + "(?: Eden: " + K + " From: " + K + ")?");
    private static final Pattern TENURED = Pattern.compile("Tenured: " + K);
    private static final Pattern HEAP_AT = Pattern.compile("Heap (?i:before|after) GC invocations=\\d+ \\(full \\d+\\):");
    private static final Pattern GENERATION = Pattern.compile(
            " *(def new generation|DefNew|tenured generation|Tenured) +total \\d+K, used \\d+K \\[0x\\p{XDigit}+, 0x\\p{XDigit}+, 0x\\p{XDigit}+\\)");
    private static final Pattern SPACE = Pattern.compile(
            " *(eden|from|to|the) +space (\\d+)K, +\\d+% used \\[0x(\\p{XDigit}+), 0x(\\p{XDigit}+)(?:, 0x\\p{XDigit}+)?, 0x(\\p{XDigit}+)\\)");
    private static final Pattern METASPACE = Pattern.compile(" *(Metaspace|class space) +used \\d+K, .*");
    private static final Pattern HEAP_SIZES = Pattern.compile("Minimum heap \\d+ +Initial heap \\d+ +Maximum heap \\d+");
    private static final Pattern DESIRED = Pattern.compile(
            "Desired survivor size (\\d+) bytes, new threshold (\\d+) \\(max threshold (\\d+)\\)");
    private static final Pattern AGE_TABLE = Pattern.compile("Age table(?: with threshold \\d+ \\(max threshold \\d+\\))?:?");
    private static final Pattern AGE = Pattern.compile("- age +(\\d+): +(\\d+) bytes, +(\\d+) total");
    private static final Pattern TLAB_TOTALS = Pattern.compile("TLAB totals: thrds: \\d+ +refills: \\d+ max: \\d+ "
            + "slow allocs: \\d+ max \\d+ waste: +\\d+[.,]\\d+% gc: (\\d+)B max: \\d+B slow: (\\d+)B max: \\d+B");
    private static final Pattern ACCUMULATED = Pattern.compile("Accumulated (young|old) generation GC time .*");

    private final String file;
    private final List<HotSpotGc> collections = new ArrayList<>();
    private Occupancy atExit;
    private String collector;

    /** The collection being read, and the heap print being read (before, after or at exit). */
    private Open open;
    private HeapPrint print;

    private SerialGcLog(String file) {
        this.file = file;
    }

    /** Reads the log at {@code path}; a line it cannot read is a {@link TraceException} naming the file and line. */
    public static SerialGcLog read(Path path) throws IOException {
        return parse(path.toString(), Files.readAllLines(path, StandardCharsets.UTF_8));
    }

    /** Reads a log's lines; {@code file} names it in errors. */
    public static SerialGcLog parse(String file, List<String> lines) {
        SerialGcLog log = new SerialGcLog(file);
        for (LogLine line : Decorations.parse(file, lines)) {
            try {
                log.line(line);
            } catch (NumberFormatException e) {
                throw log.bad(line, "a number out of range");
            }
        }
        log.finish(lines.size());
        return log;
    }

    /** The collections in log order. */
    public List<HotSpotGc> collections() {
        return collections;
    }

    /** The heap when the JVM exited, or null when the log has no {@code gc,heap,exit} lines. */
    public Occupancy atExit() {
        return atExit;
    }

    /** The young collections HotSpot carried out. */
    public List<HotSpotGc> youngCollections() {
        return collections.stream().filter(g -> g.young() && g.collected()).toList();
    }

    /** The full collections. */
    public List<HotSpotGc> fullCollections() {
        return collections.stream().filter(g -> !g.young()).toList();
    }

    /** The tenured generation's bytes at the end: at exit if logged, else after the last collection, else 0. */
    public long tenuredAtEnd() {
        if (atExit != null) {
            return atExit.old();
        }
        return collections.isEmpty() ? 0 : collections.get(collections.size() - 1).after().old();
    }

    private void line(LogLine l) {
        String level = l.level() == null ? "" : l.level();
        switch (l.tags()) {
            case "gc" -> {
                if (level.isEmpty() || level.equals("info")) {
                    gcLine(l);
                }
            }
            case "gc,start" -> {
                if (level.isEmpty() || level.equals("info")) {
                    start(l);
                }
            }
            case "gc,heap" -> heapLine(l, level);
            case "gc,age" -> {
                if (level.isEmpty() || level.equals("debug") || level.equals("trace")) {
                    ageLine(l);
                }
            }
            case "gc,tlab" -> {
                if (level.equals("debug")) {
                    tlabLine(l);
                }
            }
            case "gc,heap,exit" -> exitLine(l, level);
            default -> {
                // another tag set: not what this parser reads
            }
        }
    }

    private TraceException bad(LogLine l, String problem) {
        return new TraceException(file + ":" + l.number(), problem + ": " + l.message());
    }

    private void gcLine(LogLine l) {
        Matcher using = USING.matcher(l.message());
        if (using.matches()) {
            collector = using.group(1);
            if (!collector.equals("Serial")) {
                throw new TraceException(file + ":" + l.number(), "a log of the " + collector
                        + " collector; jmmtk reads Serial GC logs (-XX:+UseSerialGC)");
            }
            return;
        }
        Matcher id = gcId(l);
        Matcher end = END.matcher(id.group(2));
        if (!end.matches()) {
            throw bad(l, "not a Serial GC pause line");
        }
        Open gc = current(l, Integer.parseInt(id.group(1)));
        if (gc.young != end.group(1).equals("Young") || !gc.cause.equals(end.group(2))) {
            throw bad(l, "GC(" + gc.id + ") ends as another pause than it started (line " + gc.line + ")");
        }
        gc.pauseMs = Double.parseDouble(end.group(6).replace(',', '.'));
        close(l, gc);
    }

    private void start(LogLine l) {
        Matcher id = gcId(l);
        Matcher start = START.matcher(id.group(2));
        if (!start.matches()) {
            throw bad(l, "not a Serial GC pause start");
        }
        if (open != null) {
            throw bad(l, "GC(" + open.id + ") (line " + open.line + ") has not ended");
        }
        open = new Open(Integer.parseInt(id.group(1)), l.number(), start.group(1).equals("Young"), start.group(2),
                l.uptimeSeconds());
    }

    private void heapLine(LogLine l, String level) {
        if ((level.equals("debug") || level.isEmpty()) && HEAP_SIZES.matcher(l.message()).matches()) {
            return;
        }
        Matcher id = gcId(l);
        Open gc = current(l, Integer.parseInt(id.group(1)));
        String m = id.group(2);
        boolean summary = DEFNEW.matcher(m).matches() || TENURED.matcher(m).matches();
        if (level.equals("debug") || level.isEmpty() && !summary) {
            if (HEAP_AT.matcher(m).matches()) {
                endPrint(l);
                print = new HeapPrint(m.regionMatches(true, 5, "before", 0, 6) ? Moment.BEFORE : Moment.AFTER, l.number());
            } else {
                printLine(l, m);
            }
            return;
        }
        if (!level.isEmpty() && !level.equals("info")) {
            return;
        }
        Matcher defNew = DEFNEW.matcher(m);
        Matcher tenured = TENURED.matcher(m);
        if (defNew.matches()) {
            gc.defNew = defNew;
        } else if (tenured.matches()) {
            gc.tenured = tenured;
        } else {
            throw bad(l, "not a Serial GC heap line");
        }
    }

    private void printLine(LogLine l, String m) {
        if (print == null) {
            throw bad(l, "a heap line outside a heap print");
        }
        Matcher space = SPACE.matcher(m);
        if (space.matches()) {
            long capacity = Long.parseLong(space.group(2)) * 1024;
            long used = Long.parseUnsignedLong(space.group(4), 16) - Long.parseUnsignedLong(space.group(3), 16);
            switch (space.group(1)) {
                case "eden" -> print.eden(used, capacity);
                case "from" -> print.from(used, capacity);
                case "to" -> print.to(used);
                default -> print.old(used, capacity);
            }
        } else if (!GENERATION.matcher(m).matches() && !METASPACE.matcher(m).matches()) {
            throw bad(l, "not a line of a Serial heap print");
        }
    }

    private void endPrint(LogLine l) {
        if (print == null) {
            return;
        }
        Occupancy o = print.occupancy(file);
        switch (print.moment) {
            case BEFORE -> current(l, open == null ? -1 : open.id).before = o;
            case AFTER -> current(l, open == null ? -1 : open.id).after = o;
            case EXIT -> atExit = o;
        }
        print = null;
    }

    private void ageLine(LogLine l) {
        Matcher id = gcId(l);
        Open gc = current(l, Integer.parseInt(id.group(1)));
        String m = id.group(2);
        Matcher desired = DESIRED.matcher(m);
        Matcher age = AGE.matcher(m);
        if (desired.matches()) {
            gc.desiredSurvivorBytes = Long.parseLong(desired.group(1));
            gc.newThreshold = Integer.parseInt(desired.group(2));
            gc.maxThreshold = Integer.parseInt(desired.group(3));
        } else if (AGE_TABLE.matcher(m).matches()) {
            gc.ageBytes = new long[16];
        } else if (age.matches()) {
            int a = Integer.parseInt(age.group(1));
            if (gc.ageBytes == null || a < 1 || a > 15) {
                throw bad(l, "an age line outside an age table, or an age over 15");
            }
            gc.ageBytes[a] = Long.parseLong(age.group(2));
        } else {
            throw bad(l, "not a tenuring-threshold or age-table line");
        }
    }

    /** The TLAB totals: the bytes of eden that TLABs left unused (at this collection and at refills). */
    private void tlabLine(LogLine l) {
        Matcher id = gcId(l);
        Open gc = current(l, Integer.parseInt(id.group(1)));
        Matcher totals = TLAB_TOTALS.matcher(id.group(2));
        if (!totals.matches()) {
            throw bad(l, "not a TLAB totals line");
        }
        gc.tlabWasteBytes = Long.parseLong(totals.group(1)) + Long.parseLong(totals.group(2));
    }

    private void exitLine(LogLine l, String level) {
        String m = l.message();
        if (level.equals("debug") && ACCUMULATED.matcher(m).matches()) {
            return;
        }
        if (!level.isEmpty() && !level.equals("info")) {
            return;
        }
        if (m.equals("Heap")) {
            if (open != null) {
                throw bad(l, "the heap at exit while GC(" + open.id + ") (line " + open.line + ") has not ended");
            }
            print = new HeapPrint(Moment.EXIT, l.number());
        } else {
            printLine(l, m);
        }
    }

    private Matcher gcId(LogLine l) {
        Matcher id = GC_ID.matcher(l.message());
        if (!id.matches()) {
            throw bad(l, "a GC line without its GC(N) number");
        }
        return id;
    }

    /** The open collection, which must be number {@code id}. */
    private Open current(LogLine l, int id) {
        if (open == null || open.id != id) {
            throw bad(l, open == null ? "a line of a GC whose start (gc+start) is not in the log"
                    : "a line of GC(" + id + ") inside GC(" + open.id + ")");
        }
        return open;
    }

    private void close(LogLine l, Open gc) {
        endPrint(l);
        if (gc.young && gc.before == null && gc.defNew == null && gc.tenured == null) {
            // a young pause HotSpot passed on to a full collection logs no heap change: nothing moved
            gc.before = collections.isEmpty() ? Occupancy.EMPTY : collections.get(collections.size() - 1).after();
            gc.after = gc.before;
        } else if (gc.before == null || gc.after == null) {
            gc.fromSummaries(l);
        }
        boolean collected = !gc.young || gc.defNew != null || gc.ageBytes != null || !gc.before.equals(gc.after);
        collections.add(new HotSpotGc(gc.id, gc.line, gc.young, gc.cause, gc.uptime, gc.pauseMs, gc.before, gc.after,
                collected, gc.desiredSurvivorBytes, gc.newThreshold, gc.maxThreshold, gc.ageBytes, gc.tlabWasteBytes));
        open = null;
    }

    private void finish(int lines) {
        if (print != null && print.moment == Moment.EXIT) {
            atExit = print.occupancy(file);
            print = null;
        }
        if (open != null) {
            throw new TraceException(file + ":" + open.line, "GC(" + open.id + ") has no end (the log was cut off)");
        }
        if (collector == null) {
            throw new TraceException(file + ":" + lines, "the log does not say which collector ran (no 'Using Serial' "
                    + "line: log with -Xlog:gc)");
        }
    }

    private enum Moment { BEFORE, AFTER, EXIT }

    /** A heap print being read; each space at most once. */
    private static final class HeapPrint {
        final Moment moment;
        final int line;
        private long eden = -1;
        private long edenCapacity;
        private long from = -1;
        private long survivorCapacity;
        private long to = -1;
        private long old = -1;
        private long oldCapacity;

        HeapPrint(Moment moment, int line) {
            this.moment = moment;
            this.line = line;
        }

        void eden(long used, long capacity) {
            eden = used;
            edenCapacity = capacity;
        }

        void from(long used, long capacity) {
            from = used;
            survivorCapacity = capacity;
        }

        void to(long used) {
            to = used;
        }

        void old(long used, long capacity) {
            old = used;
            oldCapacity = capacity;
        }

        Occupancy occupancy(String file) {
            if (eden < 0 || from < 0 || to < 0 || old < 0) {
                throw new TraceException(file + ":" + line, "a heap print without its eden, from, to and tenured spaces");
            }
            return new Occupancy(eden, edenCapacity, from, survivorCapacity, to, old, oldCapacity, true);
        }
    }

    /** A collection whose end has not been read yet. */
    private final class Open {
        final int id;
        final int line;
        final boolean young;
        final String cause;
        final double uptime;
        double pauseMs;
        Occupancy before;
        Occupancy after;
        Matcher defNew;
        Matcher tenured;
        long desiredSurvivorBytes = -1;
        int newThreshold = -1;
        int maxThreshold = -1;
        long[] ageBytes;
        long tlabWasteBytes = -1;

        Open(int id, int line, boolean young, String cause, double uptime) {
            this.id = id;
            this.line = line;
            this.young = young;
            this.cause = cause;
            this.uptime = uptime;
        }

        /** The heap before and after from the K-rounded summaries, when the log has no heap prints. */
        void fromSummaries(LogLine end) {
            if (defNew == null || tenured == null) {
                throw new TraceException(file + ":" + end.number(), "GC(" + id + ") has neither heap prints "
                        + "(gc+heap=debug) nor DefNew/Tenured lines (gc+heap)");
            }
            boolean spaces = defNew.group(5) != null;
            before = new Occupancy(spaces ? kb(defNew, 5) : kb(defNew, 1), spaces ? kb(defNew, 6) : kb(defNew, 2),
                    spaces ? kb(defNew, 9) : 0, spaces ? kb(defNew, 10) : 0, 0, kb(tenured, 1), kb(tenured, 2), false);
            after = new Occupancy(spaces ? kb(defNew, 7) : kb(defNew, 3), spaces ? kb(defNew, 8) : kb(defNew, 4),
                    spaces ? kb(defNew, 11) : 0, spaces ? kb(defNew, 12) : 0, 0, kb(tenured, 3), kb(tenured, 4), false);
        }

        private long kb(Matcher m, int group) {
            String g = m.group(group);
            return g == null ? 0 : Long.parseLong(g) * 1024;
        }
    }
}
