package org.jmmtk.bindings.elephanttracks;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jmmtk.bindings.trace.LineReader;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;

/**
 * Reads an Elephant Tracks 1 trace (numbers in hexadecimal, with or without {@code 0x}) and turns it
 * into jmmtk trace events. ET1 traces are perfect: each object's death is a {@code D} record, so the
 * object is kept reachable by a global root slot of its own from its allocation to its death record,
 * where the slot is cleared and the death is passed on as a jmmtk {@code D} record.
 * <ul>
 *   <li>{@code N obj size type site [0] thread}, {@code A obj size type site length thread}: allocation;
 *       the type (a JVM descriptor) gets a type id; the reference slots are the distinct fields (or,
 *       without field ids, the distinct slots) the trace stores into, found by a first pass;</li>
 *   <li>{@code U old src new [field] thread}: store of {@code new} into {@code src}'s slot for
 *       {@code field} (without a field id: the slot that holds {@code old}, or a new one when none
 *       does); {@code src} 0 is a static field, a global root slot per field;</li>
 *   <li>{@code D obj [thread]}: death;</li>
 *   <li>{@code M}, {@code E} (method entry and exit), {@code R} (root enumeration), {@code X},
 *       {@code T}, {@code H} (exceptions): read and ignored, the death records already say when
 *       each object became unreachable.</li>
 * </ul>
 * Objects without a death record were alive when the trace ended and stay reachable at its end.
 * ET thread ids become jmmtk threads 0, 1, ... in order of first appearance. Anything else is an
 * error naming {@code file:line}. Used by one thread.
 */
public final class Et1Reader implements TraceSource {
    private final Path file;
    private final long fileSize;
    private volatile long bytesRead;
    private boolean secondPass;

    private final Long2ObjectOpenHashMap<Slots> slots = new Long2ObjectOpenHashMap<>();
    private final Long2IntOpenHashMap slotCounts = new Long2IntOpenHashMap();
    private final EtThreads threads = new EtThreads();
    private final Object2IntOpenHashMap<String> types = new Object2IntOpenHashMap<>();
    private final Long2IntOpenHashMap pins = new Long2IntOpenHashMap();
    private final Slots statics = new Slots();
    private final Int2IntOpenHashMap staticGlobals = new Int2IntOpenHashMap();
    private final IntArrayList freeGlobals = new IntArrayList();
    private int nextGlobal;

    public Et1Reader(Path file) throws IOException {
        TraceFormat.requireRegularFile(file, "trace file");
        this.file = file;
        this.fileSize = Math.max(1, Files.size(file));
    }

    @Override
    public String describe() {
        return file + " (Elephant Tracks 1)";
    }

    @Override
    public double progress() {
        return Math.min(1.0, (secondPass ? 0.5 : 0) + 0.5 * bytesRead / fileSize);
    }

    @Override
    public void replay(TraceEvents out) throws IOException {
        secondPass = false;
        pass(null);
        for (var e : slots.long2ObjectEntrySet()) {
            slotCounts.put(e.getLongKey(), e.getValue().count());
        }
        slots.clear();
        statics.clear();
        secondPass = true;
        pass(out);
    }

    /** One pass over the file: the first ({@code out} null) only numbers the slots. */
    private void pass(TraceEvents out) throws IOException {
        threads.clear();
        types.clear();
        freeGlobals.clear();
        staticGlobals.clear();
        pins.clear();
        nextGlobal = 0;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            LineReader lines = new LineReader(in);
            try {
                while (lines.next()) {
                    bytesRead = lines.consumed();
                    String line = new String(lines.bytes(), 0, lines.length(), StandardCharsets.UTF_8).trim();
                    if (!line.isEmpty()) {
                        dispatch(line.split("\\s+"), out);
                    }
                }
            } catch (TraceException e) {
                throw e.at(file + ":" + lines.number());
            }
        }
    }

    private void dispatch(String[] f, TraceEvents out) {
        switch (f[0]) {
            case "N", "A" -> {
                boolean array = f[0].equals("A");
                arity(f, array ? 7 : 6, 7);
                long object = id(f[1]);
                long bytes = hex(f[2]);
                int thread = thread(f[f.length - 1]);
                int type = type(f[3], out);
                if (out != null) {
                    if (pins.containsKey(object)) {
                        throw new TraceException("object " + f[1] + " is allocated twice");
                    }
                    out.alloc(thread, object, bytes, slotCounts.get(object), type);
                    int slot = takeGlobal();
                    pins.put(object, slot);
                    out.global(slot, object);
                }
            }
            case "U" -> {
                arity(f, 5, 6);
                boolean withField = f.length == 6;
                long old = hex(f[1]);
                long source = hex(f[2]);
                long target = hex(f[3]);
                int thread = thread(f[f.length - 1]);
                long field = withField ? hex(f[4]) : -1;
                Slots s = source == 0 ? statics : slots.computeIfAbsent(source, k -> new Slots());
                int slot = s.slot(field, old, target);
                if (out != null) {
                    if (source == 0) {
                        out.global(staticGlobal(slot), target);
                    } else {
                        out.write(thread, source, slot, target);
                    }
                }
            }
            case "D" -> {
                arity(f, 2, 3);
                long object = id(f[1]);
                if (out != null) {
                    if (!pins.containsKey(object)) {
                        throw new TraceException("death of object " + f[1] + ", which is not allocated or already dead");
                    }
                    int slot = pins.remove(object);
                    out.global(slot, 0);
                    freeGlobals.add(slot);
                    out.death(object);
                }
            }
            case "M", "E", "R", "X", "T", "H" -> {
                // method entry/exit, root enumeration and exceptions: the death records already place each death
            }
            default -> throw new TraceException("unknown Elephant Tracks record " + Quote.of(f[0]));
        }
    }

    private static void arity(String[] f, int min, int max) {
        if (f.length < min || f.length > max) {
            throw new TraceException("record " + Quote.of(f[0]) + " has " + (f.length - 1) + " fields; it takes "
                    + (min == max ? min - 1 : (min - 1) + " or " + (max - 1)));
        }
    }

    private static long hex(String s) {
        int from = s.startsWith("0x") || s.startsWith("0X") ? 2 : 0;
        try {
            long v = Long.parseLong(s, from, s.length(), 16);
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new TraceException(Quote.of(s) + " is not a non-negative hexadecimal number");
        }
    }

    private static long id(String s) {
        long v = hex(s);
        if (v == 0) {
            throw new TraceException("object id 0 (null) is not an object");
        }
        return v;
    }

    private int thread(String s) {
        return threads.of(hex(s));
    }

    private int type(String name, TraceEvents out) {
        int id = types.getOrDefault(name, 0);
        if (id == 0) {
            id = types.size() + 1;
            types.put(name, id);
            if (out != null) {
                out.type(id, name);
            }
        }
        return id;
    }

    private int staticGlobal(int staticSlot) {
        return staticGlobals.computeIfAbsent(staticSlot, k -> takeGlobal());
    }

    private int takeGlobal() {
        if (!freeGlobals.isEmpty()) {
            return freeGlobals.popInt();
        }
        if (nextGlobal > TraceFormat.MAX_ROOT_SLOT) {
            throw new TraceException("more live objects and static fields at once than global root slots");
        }
        return nextGlobal++;
    }

    /** One object's reference slots: by field id, or (without field ids) by what they hold. */
    private static final class Slots {
        private final Long2IntOpenHashMap byField = new Long2IntOpenHashMap();
        private final LongArrayList values = new LongArrayList();

        {
            byField.defaultReturnValue(-1);
        }

        int slot(long field, long old, long target) {
            int slot = field >= 0 ? byField.get(field) : (old == 0 ? -1 : values.indexOf(old));
            if (slot < 0) {
                slot = values.size();
                values.add(0);
                if (field >= 0) {
                    byField.put(field, slot);
                }
            }
            values.set(slot, target);
            return slot;
        }

        int count() {
            return values.size();
        }

        void clear() {
            byField.clear();
            values.clear();
        }
    }
}
