package org.jmmtk.bindings.elephanttracks;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Pattern;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.jmmtk.bindings.trace.LineReader;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;

/**
 * Reads an Elephant Tracks 2 output folder ({@code trace.bz2}, or {@code trace} uncompressed, with
 * {@code classes.list} naming the class ids) and turns it into jmmtk trace events. Numbers are decimal;
 * a line may hold two records glued together (ET2 does not lock lines), which are read as two.
 * <ul>
 *   <li>{@code N obj size class site 0 thread}, {@code A obj size class site length thread}: allocation
 *       (a new jmmtk id each time: ET2 ids are identity hash codes, which the JVM may give again);</li>
 *   <li>{@code U src target field thread}: store into {@code src}'s slot for {@code field} (slots per
 *       object in order of first store, counted by a first pass); {@code src} 0 is a static field, a
 *       global root slot per field;</li>
 *   <li>{@code M method receiver thread} / {@code E method thread}: a frame; a non-zero receiver is
 *       held by a root slot of the thread for as long as its frame runs;</li>
 *   <li>{@code W obj class thread}: a witness (the object was used here).</li>
 * </ul>
 * ET2 records no local variables, so the rule for roots is the recorder's: each object is also held by
 * a global root slot of its own from its allocation to its last mention (allocated, stored into,
 * stored, receiver, witnessed), and frames still open at the end are closed, leaving static fields as
 * the only roots. An object mentioned before any allocation record (made before tracing began) is
 * allocated where it is first mentioned, with {@code 16 + 8 x slots} bytes. Anything else is an error
 * naming {@code file:line}. Used by one thread.
 */
public final class Et2Reader implements TraceSource {
    private static final int MAX_TYPE = (1 << 24) - 1;
    private static final Pattern GLUED = Pattern.compile("(?<=\\d)\\s*(?=[A-Z])");

    private final Path dir;
    private final Path trace;
    private final boolean bzip2;
    private volatile double progress;

    private final Long2LongOpenHashMap current = new Long2LongOpenHashMap(); // ET id -> jmmtk id
    private final Long2ObjectOpenHashMap<Int2IntOpenHashMap> slots = new Long2ObjectOpenHashMap<>();
    private final EtThreads threads = new EtThreads();
    private final Int2ObjectOpenHashMap<LongArrayList> frames = new Int2ObjectOpenHashMap<>();
    private final Int2IntOpenHashMap staticSlots = new Int2IntOpenHashMap();
    private final Long2IntOpenHashMap pins = new Long2IntOpenHashMap();
    private final IntArrayList freeGlobals = new IntArrayList();
    private final Int2ObjectOpenHashMap<String> classNames = new Int2ObjectOpenHashMap<>();
    private long[] lastMention = new long[1024];
    private int[] slotCounts = new int[0];
    private long nextId;
    private long index;
    private int nextGlobal;

    public Et2Reader(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new TraceException(dir.toString(), "not a folder; an Elephant Tracks 2 trace is a folder with trace.bz2 and classes.list");
        }
        this.dir = dir;
        Path bz = dir.resolve("trace.bz2");
        this.bzip2 = Files.isRegularFile(bz);
        this.trace = bzip2 ? bz : dir.resolve("trace");
        TraceFormat.requireRegularFile(trace, "trace file");
        readClasses(dir.resolve("classes.list"));
    }

    private void readClasses(Path file) throws IOException {
        TraceFormat.requireRegularFile(file, "class list");
        long line = 0;
        for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            line++;
            String s = l.trim();
            if (s.isEmpty()) {
                continue;
            }
            String[] f = s.split("[\\s,]+", 2);
            try {
                classNames.put(Integer.parseInt(f[0]), f.length > 1 ? f[1] : "");
            } catch (NumberFormatException e) {
                throw new TraceException(file + ":" + line, "a class line starts with its id, not " + Quote.of(f[0]));
            }
        }
    }

    @Override
    public String describe() {
        return dir + " (Elephant Tracks 2)";
    }

    @Override
    public double progress() {
        return progress;
    }

    @Override
    public void replay(TraceEvents out) throws IOException {
        pass(null);
        progress = 0.5;
        slotCounts = new int[(int) nextId + 1];
        for (var e : slots.long2ObjectEntrySet()) {
            slotCounts[(int) e.getLongKey()] = e.getValue().size();
        }
        pass(out);
        for (var e : frames.int2ObjectEntrySet()) {
            LongArrayList stack = e.getValue();
            for (int slot = 0; slot < stack.size(); slot++) {
                if (stack.getLong(slot) != 0) {
                    out.root(e.getIntKey(), slot, 0);
                }
            }
        }
        progress = 1;
    }

    private void pass(TraceEvents out) throws IOException {
        current.clear();
        threads.clear();
        frames.clear();
        staticSlots.clear();
        pins.clear();
        freeGlobals.clear();
        if (out == null) {
            slots.clear();
        }
        nextId = 0;
        index = 0;
        nextGlobal = 0;
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(trace), 1 << 16);
             InputStream in = bzip2 ? new BZip2CompressorInputStream(raw, true) : raw) {
            LineReader lines = new LineReader(in);
            try {
                while (lines.next()) {
                    String line = new String(lines.bytes(), 0, lines.length(), StandardCharsets.UTF_8).trim();
                    for (String record : records(line)) {
                        dispatch(record.split("\\s+"), out);
                        index++;
                    }
                }
            } catch (TraceException e) {
                throw e.at(trace + ":" + lines.number());
            } catch (IOException e) {
                throw new TraceException(trace + ":" + lines.number(), "cannot read: " + e.getMessage());
            }
        }
    }

    /**
     * The records on one line: ET2's threads write without locking lines, so a line may hold two
     * records glued together ({@code ...205029188W 16425...}, the newline landing on the next line).
     */
    private static String[] records(String line) {
        if (line.isEmpty()) {
            return new String[0];
        }
        for (int i = 1; i < line.length(); i++) {
            if (Character.isLetter(line.charAt(i))) {
                return GLUED.split(line);
            }
        }
        return new String[] {line};
    }

    private void dispatch(String[] f, TraceEvents out) {
        switch (f[0]) {
            case "N", "A" -> {
                arity(f, 7);
                long id = ++nextId;
                current.put(number(f[1]), id);
                mention(id);
                int type = (int) number(f[3]);
                if (out != null) {
                    named(type, out);
                    out.alloc(thread(f[6]), id, Math.max(1, number(f[2])), slotCounts[(int) id], type <= MAX_TYPE ? type : 0);
                    pin(id, out);
                }
            }
            case "U" -> {
                arity(f, 5);
                long etSource = number(f[1]);
                int thread = thread(f[4]);
                long target = object(number(f[2]), thread, out);
                int field = (int) number(f[3]);
                if (etSource == 0) {
                    if (out != null) {
                        out.global(staticSlots.computeIfAbsent(field, k -> takeGlobal()), target);
                    }
                } else {
                    long source = object(etSource, thread, out);
                    Int2IntOpenHashMap fields = slots.computeIfAbsent(source, k -> new Int2IntOpenHashMap());
                    int slot = fields.computeIfAbsent(field, k -> fields.size());
                    if (out != null) {
                        out.write(thread, source, slot, target);
                    }
                    release(source, out);
                }
                release(target, out);
            }
            case "M" -> {
                arity(f, 4);
                int thread = thread(f[3]);
                long receiver = object(number(f[2]), thread, out);
                LongArrayList stack = frames.computeIfAbsent(thread, t -> new LongArrayList());
                if (stack.size() > TraceFormat.MAX_ROOT_SLOT) {
                    throw new TraceException("thread " + f[3] + " is more than " + TraceFormat.MAX_ROOT_SLOT + " frames deep");
                }
                stack.add(receiver);
                if (out != null && receiver != 0) {
                    out.root(thread, stack.size() - 1, receiver);
                }
                release(receiver, out);
            }
            case "E" -> {
                arity(f, 3);
                int thread = thread(f[2]);
                LongArrayList stack = frames.get(thread);
                if (stack != null && !stack.isEmpty()) { // an exit from a frame entered before tracing began
                    long receiver = stack.removeLong(stack.size() - 1);
                    if (out != null && receiver != 0) {
                        out.root(thread, stack.size(), 0);
                    }
                }
            }
            case "W" -> {
                arity(f, 4);
                long id = object(number(f[1]), thread(f[3]), out);
                release(id, out);
            }
            default -> throw new TraceException("unknown Elephant Tracks 2 record " + Quote.of(f[0]));
        }
    }

    /** The jmmtk id of ET object {@code et} (0 for null), allocating it here when it was never allocated. */
    private long object(long et, int thread, TraceEvents out) {
        if (et == 0) {
            return 0;
        }
        long id = current.getOrDefault(et, 0L);
        if (id == 0) {
            id = ++nextId;
            current.put(et, id);
            if (out != null) {
                int n = slotCounts[(int) id];
                out.alloc(thread, id, 16 + 8L * n, n, 0);
                pin(id, out);
            }
        }
        mention(id);
        return id;
    }

    private void named(int type, TraceEvents out) {
        String name = classNames.remove(type);
        if (name != null && type > 0 && type <= MAX_TYPE) {
            out.type(type, name);
        }
    }

    private void mention(long id) {
        if (id >= lastMention.length) {
            if (id >= Integer.MAX_VALUE - 8) {
                throw new TraceException("more than 2^31 objects; traces that large are not supported");
            }
            lastMention = Arrays.copyOf(lastMention, (int) Math.max(id + 1, Math.min(Integer.MAX_VALUE - 8, 2L * lastMention.length)));
        }
        if (slotCounts.length == 0) {
            lastMention[(int) id] = index;
        }
    }

    private void pin(long id, TraceEvents out) {
        if (lastMention[(int) id] > index) {
            int slot = takeGlobal();
            pins.put(id, slot);
            out.global(slot, id);
        }
    }

    private void release(long id, TraceEvents out) {
        if (out != null && id != 0 && lastMention[(int) id] == index && pins.containsKey(id)) {
            int slot = pins.remove(id);
            out.global(slot, 0);
            freeGlobals.add(slot);
        }
    }

    private int takeGlobal() {
        if (!freeGlobals.isEmpty()) {
            return freeGlobals.popInt();
        }
        if (nextGlobal > TraceFormat.MAX_ROOT_SLOT) {
            throw new TraceException("more static fields and objects in use at once than global root slots");
        }
        return nextGlobal++;
    }

    private int thread(String s) {
        return threads.of(number(s));
    }

    private static void arity(String[] f, int n) {
        if (f.length != n) {
            throw new TraceException("record " + Quote.of(f[0]) + " has " + (f.length - 1) + " fields; it takes " + (n - 1));
        }
    }

    private static long number(String s) {
        try {
            long v = Long.parseLong(s);
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new TraceException(Quote.of(s) + " is not a non-negative decimal number");
        }
    }
}
