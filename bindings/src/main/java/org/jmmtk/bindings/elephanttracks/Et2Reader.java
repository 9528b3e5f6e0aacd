package org.jmmtk.bindings.elephanttracks;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * {@code classes.list} naming the class ids and, when present, {@code fields.list} naming the field
 * numbers) and turns it into jmmtk trace events. Numbers are decimal; a line may hold two records
 * glued together (ET2 does not lock lines), which are read as two.
 * <ul>
 *   <li>{@code N obj size class site 0 thread}, {@code A obj size class site length thread}: allocation
 *       (a new jmmtk id each time: ET2 ids are identity hash codes, which the JVM gives again once an
 *       object is gone; a later {@code N} of the same id names the new object from then on);</li>
 *   <li>{@code U obj field value thread}: {@code obj.field = value} ({@code value} 0 is null);
 *       {@code obj} 0 is a static field, a global root slot per field. A class's reference slots are the
 *       fields {@code fields.list} says it declares, in field-number order, then the other fields the
 *       trace stores into its objects, in order of first store (counted by an earlier pass); an object
 *       made before tracing has the fields stored into it. A constructor's stores come before the
 *       object's {@code N} ({@link Et2ConstructorStores}): they are held and made right after it;</li>
 *   <li>{@code M method receiver thread} / {@code E method thread}: a frame; a non-zero receiver is
 *       held by a root slot of the thread for as long as its frame runs;</li>
 *   <li>{@code W obj class thread}: a witness (the object was used here).</li>
 * </ul>
 * ET2 records no local variables, so the rule for roots is the recorder's: each object is also held by
 * a global root slot of its own from its allocation to its last mention (allocated, stored into,
 * stored, receiver, witnessed), and frames still open at the end are closed, leaving static fields as
 * the only roots. An object mentioned before any allocation record (made before tracing began) is
 * allocated where it is first mentioned, with {@code 16 + 8 x slots} bytes. The trace is read three
 * times: constructor stores, slots and last mentions, then the events. Anything else is an error naming
 * {@code file:line}. Used by one thread.
 */
public final class Et2Reader implements TraceSource {
    private static final int MAX_TYPE = (1 << 24) - 1;
    private static final Pattern GLUED = Pattern.compile("(?<=\\d)\\s*(?=[A-Z])");
    private static final int PASSES = 3;

    private final Path dir;
    private final Path trace;
    private final boolean bzip2;
    private final Et2Fields fields;
    private volatile double progress;

    private final Int2ObjectOpenHashMap<String> classNames = new Int2ObjectOpenHashMap<>();
    private final Et2ConstructorStores constructorStores = new Et2ConstructorStores();
    private final Int2ObjectOpenHashMap<Int2IntOpenHashMap> classSlots = new Int2ObjectOpenHashMap<>();
    private final Long2ObjectOpenHashMap<Int2IntOpenHashMap> objectSlots = new Long2ObjectOpenHashMap<>();
    private final Long2LongOpenHashMap current = new Long2LongOpenHashMap(); // ET id -> jmmtk id
    private final Long2ObjectOpenHashMap<List<HeldStore>> held = new Long2ObjectOpenHashMap<>();
    private final EtThreads threads = new EtThreads();
    private final Int2ObjectOpenHashMap<LongArrayList> frames = new Int2ObjectOpenHashMap<>();
    private final Int2IntOpenHashMap staticSlots = new Int2IntOpenHashMap();
    private final Long2IntOpenHashMap pins = new Long2IntOpenHashMap();
    private final IntArrayList freeGlobals = new IntArrayList();
    private final IntOpenHashSet typesNamed = new IntOpenHashSet();
    private long[] lastMention = new long[1024];
    private int[] classPlusOne = new int[1024]; // per jmmtk id; 0: made before tracing, no class
    private boolean counting;
    private long nextId;
    private long index;
    private int nextGlobal;

    /** A store read before its object's (or value's, or both) allocation record, made once each exists. */
    private static final class HeldStore {
        private final long object;
        private final long field;
        private final long value;
        private final int thread;
        private int waits;

        HeldStore(long object, long field, long value, int thread, int waits) {
            this.object = object;
            this.field = field;
            this.value = value;
            this.thread = thread;
            this.waits = waits;
        }
    }

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
        this.fields = Et2Fields.readIfPresent(dir.resolve("fields.list"));
    }

    private void readClasses(Path file) throws IOException {
        TraceFormat.requireRegularFile(file, "class list");
        Et2Fields.readList(file, "class", (number, name, where) -> classNames.put(number, name));
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
        read(0);
        constructorStores.end();
        progress = 1.0 / PASSES;
        counting = true;
        read(1);
        progress = 2.0 / PASSES;
        counting = false;
        read(2, out);
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

    private void read(int pass) throws IOException {
        read(pass, null);
    }

    private void read(int pass, TraceEvents out) throws IOException {
        current.clear();
        held.clear();
        threads.clear();
        frames.clear();
        staticSlots.clear();
        pins.clear();
        freeGlobals.clear();
        typesNamed.clear();
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
                        String[] f = record.split("\\s+");
                        if (pass == 0) {
                            scan(f);
                        } else {
                            dispatch(f, out);
                        }
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

    /** The first pass: checks each record's shape and finds the constructor stores. */
    private void scan(String[] f) {
        switch (f[0]) {
            case "N", "A" -> {
                arity(f, 7);
                number(f[2]);
                number(f[3]);
                number(f[6]);
                long id = number(f[1]);
                if (id == 0) {
                    throw new TraceException("object id 0 (null) is not an object");
                }
                constructorStores.allocated(id);
            }
            case "U" -> {
                arity(f, 5);
                number(f[4]);
                long field = number(f[2]);
                if (field > Integer.MAX_VALUE) {
                    throw new TraceException("field " + field + " is out of range");
                }
                if (fields != null) {
                    fields.requireField(field);
                }
                constructorStores.store(index, number(f[1]), number(f[3]));
            }
            case "M" -> {
                arity(f, 4);
                number(f[1]);
                number(f[3]);
                constructorStores.mentioned(number(f[2]));
            }
            case "E" -> {
                arity(f, 3);
                number(f[1]);
                number(f[2]);
            }
            case "W" -> {
                arity(f, 4);
                number(f[2]);
                number(f[3]);
                constructorStores.mentioned(number(f[1]));
            }
            default -> throw new TraceException("unknown Elephant Tracks 2 record " + Quote.of(f[0]));
        }
    }

    private void dispatch(String[] f, TraceEvents out) {
        switch (f[0]) {
            case "N", "A" -> allocate(number(f[1]), number(f[2]), (int) Math.min(Integer.MAX_VALUE - 1, number(f[3])), thread(f[6]), out);
            case "U" -> {
                long object = number(f[1]);
                long field = number(f[2]);
                long value = number(f[3]);
                int thread = thread(f[4]);
                boolean objectWaits = constructorStores.objectWaits(index);
                boolean valueWaits = constructorStores.valueWaits(index);
                if (objectWaits || valueWaits) {
                    HeldStore s = new HeldStore(object, field, value, thread, (objectWaits ? 1 : 0) + (valueWaits ? 1 : 0));
                    if (objectWaits) {
                        held.computeIfAbsent(object, k -> new ArrayList<>()).add(s);
                    }
                    if (valueWaits) {
                        held.computeIfAbsent(value, k -> new ArrayList<>()).add(s);
                    }
                } else {
                    store(object, field, value, thread, out);
                }
            }
            case "M" -> {
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
                long id = object(number(f[1]), thread(f[3]), out);
                release(id, out);
            }
            default -> throw new IllegalStateException(f[0]); // the first pass has checked every record
        }
    }

    private void allocate(long et, long bytes, int type, int thread, TraceEvents out) {
        long id = newId();
        current.put(et, id); // an id given again: the earlier object keeps its jmmtk id but has no ET name any more
        classPlusOne[(int) id] = type + 1;
        mention(id);
        if (out != null) {
            named(type, out);
            out.alloc(thread, id, Math.max(1, bytes), slotCount(id), type <= MAX_TYPE ? type : 0);
            pin(id, out);
        }
        List<HeldStore> waiting = held.remove(et);
        if (waiting != null) {
            for (HeldStore s : waiting) {
                if (--s.waits == 0) {
                    store(s.object, s.field, s.value, s.thread, out);
                }
            }
        }
        release(id, out);
    }

    private void store(long etObject, long field, long etValue, int thread, TraceEvents out) {
        long target = object(etValue, thread, out);
        if (etObject == 0) {
            if (out != null) {
                out.global(staticSlots.computeIfAbsent((int) field, k -> takeGlobal()), target);
            }
        } else {
            long source = object(etObject, thread, out);
            int slot = slot(source, field);
            if (out != null) {
                out.write(thread, source, slot, target);
            }
            release(source, out);
        }
        release(target, out);
    }

    /** The slot of object {@code id} for {@code field}; while counting, gives the field a slot when it has none. */
    private int slot(long id, long field) {
        Int2IntOpenHashMap layout = layout(id);
        if (counting) {
            return layout.computeIfAbsent((int) field, k -> layout.size());
        }
        return layout.get((int) field);
    }

    private Int2IntOpenHashMap layout(long id) {
        int cls = classPlusOne[(int) id] - 1;
        if (cls < 0) {
            return counting ? objectSlots.computeIfAbsent(id, k -> new Int2IntOpenHashMap()) : objectSlots.get(id);
        }
        Int2IntOpenHashMap layout = classSlots.get(cls);
        if (layout == null) {
            layout = new Int2IntOpenHashMap();
            String name = classNames.get(cls);
            if (fields != null && name != null) {
                IntArrayList declared = fields.declaredBy(name);
                for (int i = 0; i < declared.size(); i++) {
                    layout.put(declared.getInt(i), i);
                }
            }
            classSlots.put(cls, layout);
        }
        return layout;
    }

    private int slotCount(long id) {
        Int2IntOpenHashMap layout = layout(id);
        return layout == null ? 0 : layout.size();
    }

    /** The jmmtk id of ET object {@code et} (0 for null), allocating it here when it was never allocated. */
    private long object(long et, int thread, TraceEvents out) {
        if (et == 0) {
            return 0;
        }
        long id = current.getOrDefault(et, 0L);
        if (id == 0) {
            id = newId();
            current.put(et, id);
            classPlusOne[(int) id] = 0;
            if (out != null) {
                int n = slotCount(id);
                out.alloc(thread, id, 16 + 8L * n, n, 0);
                pin(id, out);
            }
        }
        mention(id);
        return id;
    }

    private long newId() {
        long id = ++nextId;
        if (id >= lastMention.length) {
            if (id >= Integer.MAX_VALUE - 8) {
                throw new TraceException("more than 2^31 objects; traces that large are not supported");
            }
            int length = (int) Math.max(id + 1, Math.min(Integer.MAX_VALUE - 8, 2L * lastMention.length));
            lastMention = Arrays.copyOf(lastMention, length);
            classPlusOne = Arrays.copyOf(classPlusOne, length);
        }
        return id;
    }

    private void named(int type, TraceEvents out) {
        String name = classNames.get(type);
        if (name != null && type > 0 && type <= MAX_TYPE && typesNamed.add(type)) {
            out.type(type, name);
        }
    }

    private void mention(long id) {
        if (counting) {
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
