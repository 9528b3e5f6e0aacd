package org.jmmtk.bindings.garcosim;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.jmmtk.bindings.trace.LineReader;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * Reads a GarCoSim TraceFileSim {@code .trace} and turns it into jmmtk trace events:
 * <ul>
 *   <li>{@code a T O S N [C]}: allocation of object O (S bytes, N reference slots, class C) by thread T;</li>
 *   <li>{@code + T O} / {@code - T O}: thread T adds / removes a root to O, kept in the thread's root
 *       slots (a freed slot is reused; adding the same object twice takes two slots);</li>
 *   <li>{@code w T P #i O}: store of O into slot i of P;</li>
 *   <li>{@code c T C F O}: store of O into static field F of class C, a global root slot per (C, F);</li>
 *   <li>{@code r}, {@code s}, {@code x} (reads, primitive stores, locks): read and ignored.</li>
 * </ul>
 * Every field is a letter and a decimal number; other fields on a line are ignored. Anything else is
 * an error naming {@code file:line}.
 */
public final class GarCoSimReader implements TraceSource {
    private final Path file;
    private final long fileSize;
    private volatile long bytesRead;
    private long lineNumber;
    private final Int2ObjectOpenHashMap<ThreadRoots> threads = new Int2ObjectOpenHashMap<>();
    private final Long2IntOpenHashMap staticSlots = new Long2IntOpenHashMap();

    public GarCoSimReader(Path file) throws IOException {
        TraceFormat.requireRegularFile(file, "trace file");
        this.file = file;
        this.fileSize = Math.max(1, java.nio.file.Files.size(file));
    }

    @Override
    public String describe() {
        return file + " (GarCoSim)";
    }

    @Override
    public double progress() {
        return Math.min(1.0, (double) bytesRead / fileSize);
    }

    @Override
    public void replay(TraceEvents out) throws IOException {
        lineNumber = 0;
        threads.clear();
        staticSlots.clear();
        try (InputStream in = new BufferedInputStream(java.nio.file.Files.newInputStream(file), 1 << 16)) {
            LineReader lines = new LineReader(in);
            try {
                while (lines.next()) {
                    lineNumber = lines.number();
                    bytesRead = lines.consumed();
                    dispatch(new String(lines.bytes(), 0, lines.length(), StandardCharsets.UTF_8).trim(), out);
                }
            } catch (TraceException e) {
                throw e.at(file + ":" + lines.number());
            }
        }
    }

    private void dispatch(String line, TraceEvents out) {
        if (line.isEmpty()) {
            return;
        }
        String[] fields = line.split("\\s+");
        String kind = fields[0];
        switch (kind) {
            case "a" -> out.alloc(thread(fields), bounded(fields, 'O', "object id", 1, ObjectModel.MAX_OBJECT_ID),
                    bounded(fields, 'S', "size", 1, ObjectModel.MAX_TRACE_BYTES),
                    (int) bounded(fields, 'N', "reference slot count", 0, ObjectModel.MAX_REF_SLOTS),
                    (int) optional(fields, 'C'));
            case "+" -> roots(thread(fields)).add(thread(fields), field(fields, 'O'), out);
            case "-" -> roots(thread(fields)).remove(thread(fields), field(fields, 'O'), out);
            case "w" -> out.write(thread(fields), field(fields, 'P'), (int) field(fields, '#'), field(fields, 'O'));
            case "c" -> out.global(staticSlot(field(fields, 'C'), field(fields, 'F')), field(fields, 'O'));
            case "r", "s", "x" -> {
                // reads, primitive stores and lock records do not change the object graph
            }
            default -> throw new TraceException("unknown GarCoSim record " + Quote.of(kind));
        }
    }

    private int thread(String[] fields) {
        return (int) field(fields, 'T');
    }

    private ThreadRoots roots(int thread) {
        ThreadRoots r = threads.get(thread);
        if (r == null) {
            r = new ThreadRoots();
            threads.put(thread, r);
        }
        return r;
    }

    private int staticSlot(long classId, long fieldId) {
        long key = (classId << 32) | (fieldId & 0xffffffffL);
        if (!staticSlots.containsKey(key)) {
            if (staticSlots.size() > TraceFormat.MAX_ROOT_SLOT) {
                throw new TraceException("more static fields than global root slots");
            }
            staticSlots.put(key, staticSlots.size());
        }
        return staticSlots.get(key);
    }

    private static long field(String[] fields, char prefix) {
        long value = optional(fields, prefix);
        if (value < 0) {
            throw new TraceException("record " + Quote.of(fields[0]) + " lacks its " + prefix + " field");
        }
        return value;
    }

    /** The number after {@code prefix}, which must lie in {@code [min, max]} as the jmmtk format requires. */
    private static long bounded(String[] fields, char prefix, String what, long min, long max) {
        long value = field(fields, prefix);
        if (value < min || value > max) {
            throw new TraceException(what + " " + value + " is out of range " + min + ".." + max);
        }
        return value;
    }

    /** The number after {@code prefix}, -1 if no field has that prefix. */
    private static long optional(String[] fields, char prefix) {
        for (int i = 1; i < fields.length; i++) {
            String f = fields[i];
            if (f.length() > 1 && f.charAt(0) == prefix) {
                try {
                    long v = Long.parseLong(f, 1, f.length(), 10);
                    if (v < 0 || (prefix != 'O' && prefix != 'P' && v > Integer.MAX_VALUE)) {
                        throw new NumberFormatException();
                    }
                    return v;
                } catch (NumberFormatException e) {
                    throw new TraceException("field " + Quote.of(f) + " is not a letter and a non-negative number");
                }
            }
        }
        return prefix == 'C' ? 0 : -1;
    }

    /** The root slots of one GarCoSim thread: which slots hold which object, and which are free. */
    private static final class ThreadRoots {
        private final Long2ObjectOpenHashMap<IntArrayList> slotsOf = new Long2ObjectOpenHashMap<>();
        private final IntArrayList free = new IntArrayList();
        private int next;

        void add(int thread, long object, TraceEvents out) {
            int slot;
            if (!free.isEmpty()) {
                slot = free.removeInt(free.size() - 1);
            } else if (next <= TraceFormat.MAX_ROOT_SLOT) {
                slot = next++;
            } else {
                throw new TraceException("thread " + thread + " holds more roots than a thread has root slots");
            }
            IntArrayList slots = slotsOf.get(object);
            if (slots == null) {
                slots = new IntArrayList(1);
                slotsOf.put(object, slots);
            }
            slots.add(slot);
            out.root(thread, slot, object);
        }

        void remove(int thread, long object, TraceEvents out) {
            IntArrayList slots = slotsOf.get(object);
            if (slots == null || slots.isEmpty()) {
                throw new TraceException("thread " + thread + " removes a root to object " + object
                        + ", which it does not hold");
            }
            int slot = slots.removeInt(slots.size() - 1);
            if (slots.isEmpty()) {
                slotsOf.remove(object);
            }
            free.add(slot);
            out.root(thread, slot, 0);
        }
    }
}
