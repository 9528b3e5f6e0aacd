package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Version-2 traces written by the real writers, cut at every offset class (every record boundary, inside
 * records and lines, inside the end record) and altered byte by byte, in every encoding: each damaged
 * file is a {@link TraceException} naming the file and saying it is truncated or altered, never a shorter
 * program and never another record's error first. Seeds are random; a failure names its seed.
 */
class TraceIntegrityTest {
    /** The four ways to store a trace. */
    enum Form {
        TEXT(false, false), TEXT_GZ(false, true), BINARY(true, false), BINARY_GZ(true, true);

        final boolean binary;
        final boolean gzip;

        Form(boolean binary, boolean gzip) {
            this.binary = binary;
            this.gzip = gzip;
        }

        String fileName(String stem) {
            return stem + (binary ? ".jtb" : ".trace") + (gzip ? ".gz" : "");
        }
    }

    /** Most cuts of one class tried on a gzipped form (each needs its own compression). */
    private static final int GZIP_CUTS_PER_CLASS = 120;

    @TempDir
    Path dir;

    private final long seed = new SplittableRandom().nextLong();
    private final SplittableRandom random = new SplittableRandom(seed);

    /** A generated trace's uncompressed bytes and where each record (the end record last) starts. */
    private record Trace(byte[] bytes, long[] recordStarts) {
        int endStart() {
            return (int) recordStarts[recordStarts.length - 1];
        }
    }

    private Trace generate(Form form, String workload, double scale) throws IOException {
        Path plain = dir.resolve("whole" + (form.binary ? ".jtb" : ".trace"));
        RecordStarts starts = new RecordStarts(form.binary);
        try (TraceWriter writer = TraceWriter.create(plain, form.binary)) {
            Workloads.REGISTRY.find(workload).orElseThrow().factory().create(seed, scale)
                    .replay(new TeeEvents(writer, starts));
        }
        byte[] bytes = Files.readAllBytes(plain);
        long[] recordStarts = form.binary ? starts.offsets() : lineStarts(bytes);
        if (form.binary) {
            assertEquals(bytes.length, recordStarts[recordStarts.length - 1] + EndRecord.BINARY_SIZE,
                    "the binary record lengths add up");
        }
        return new Trace(bytes, recordStarts);
    }

    /** The start of every line but the header: the records and the end record. */
    private static long[] lineStarts(byte[] bytes) {
        List<Long> starts = new ArrayList<>();
        for (int i = 0; i < bytes.length - 1; i++) {
            if (bytes[i] == '\n') {
                starts.add((long) i + 1);
            }
        }
        return starts.stream().mapToLong(Long::longValue).toArray();
    }

    private Path store(Form form, String stem, byte[] uncompressed) throws IOException {
        Path file = dir.resolve(form.fileName(stem));
        Files.write(file, form.gzip ? gzip(uncompressed) : uncompressed);
        return file;
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }

    /** Reading {@code file} through {@code trace stats}' engine fails, naming the file, with one of {@code words}. */
    private void assertRejected(Path file, String what, String... words) throws IOException {
        TraceException e;
        try {
            TraceFormat.open(file).replay(new TraceStats());
            fail("seed " + seed + ": " + what + " was read as a whole trace");
            return;
        } catch (TraceException thrown) {
            e = thrown;
        }
        assertTrue(e.getMessage().startsWith(file.toString()), "seed " + seed + ": " + what + ": " + e.getMessage());
        String reason = e.getMessage().substring(file.toString().length());
        for (String word : words) {
            if (reason.contains(word)) {
                return;
            }
        }
        fail("seed " + seed + ": " + what + ": expected " + Arrays.toString(words) + " in: " + e.getMessage());
    }

    /** Offsets of every class, each once: record boundaries, one inside each record, every one inside the end record. */
    private List<int[]> cuts(Trace t, Form form) {
        List<int[]> cuts = new ArrayList<>();
        long[] starts = t.recordStarts();
        for (int i = 0; i < starts.length; i++) {
            int start = (int) starts[i];
            int next = i + 1 < starts.length ? (int) starts[i + 1] : t.bytes().length;
            cuts.add(new int[] {start, 0});
            if (i + 1 < starts.length && next - start > 1) {
                cuts.add(new int[] {start + 1 + random.nextInt(next - start - 1), 1});
            }
        }
        for (int at = t.endStart() + 1; at < t.bytes().length; at++) {
            cuts.add(new int[] {at, 2});
        }
        if (!form.gzip) {
            return cuts;
        }
        List<int[]> sample = new ArrayList<>();
        for (int kind = 0; kind < 3; kind++) {
            int k = kind;
            List<int[]> ofKind = new ArrayList<>(cuts.stream().filter(c -> c[1] == k).toList());
            while (ofKind.size() > GZIP_CUTS_PER_CLASS) {
                ofKind.remove(random.nextInt(ofKind.size()));
            }
            sample.addAll(ofKind);
        }
        return sample;
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void everyCutIsTruncation(Form form) throws IOException {
        for (String workload : new String[] {"random", "sharing"}) {
            Trace t = generate(form, workload, (workload.equals("random") ? 0.002 : 0.0005) * (1 + random.nextDouble()));
            Path whole = store(form, "whole-" + workload, t.bytes());
            TraceFormat.open(whole).replay(new TraceStats());
            String[] classes = {"record boundary", form.binary ? "mid-record" : "mid-line", "inside the end record"};
            for (int[] cut : cuts(t, form)) {
                Path file = store(form, "cut", Arrays.copyOf(t.bytes(), cut[0]));
                assertRejected(file, workload + " cut at byte " + cut[0] + " (" + classes[cut[1]] + ")", "truncated");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Form.class, names = {"TEXT_GZ", "BINARY_GZ"})
    void cutCompressedFileIsRejected(Form form) throws IOException {
        Trace t = generate(form, "binarytrees", 0.005);
        byte[] gz = gzip(t.bytes());
        for (int i = 0; i < 60; i++) {
            int at = random.nextInt(gz.length);
            Path file = dir.resolve(form.fileName("rawcut"));
            Files.write(file, Arrays.copyOf(gz, at));
            assertRejected(file, "gzip cut at byte " + at, "truncated", "corrupt compressed data", "not a");
        }
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void everyAlteredByteIsCaught(Form form) throws IOException {
        Trace t = generate(form, "random", 0.004);
        int header = form.binary ? 5 : TraceFormat.TEXT_HEADER.length() + 1;
        int tried = 0;
        while (tried < (form.gzip ? 100 : 300)) {
            int at = header + random.nextInt(t.bytes().length - header);
            byte[] altered = t.bytes().clone();
            byte b = altered[at];
            if (form.binary) {
                altered[at] = (byte) (b ^ (1 << random.nextInt(7)));
            } else if (b >= '0' && b <= '9') {
                altered[at] = (byte) ('0' + (b - '0' + 1 + random.nextInt(9)) % 10);
            } else {
                continue;
            }
            tried++;
            Path file = store(form, "altered", altered);
            // a digit altered in a text end record's checksum may be a mismatch or a value past 32 bits
            assertRejected(file, "byte " + at + " altered", "checksum", "end record");
        }
    }

    /** The case: a text trace cut inside a line on a plan that collects reports the cut, not a stray reference. */
    @Test
    void lineCutOnACollectingPlanIsTruncation() throws IOException {
        Trace t = generate(Form.TEXT, "binarytrees", 0.001);
        MaxLive.Result live = MaxLive.of(TraceFormat.open(store(Form.TEXT, "whole", t.bytes())));
        Plans.Entry plan = Plans.REGISTRY.find("marksweep").orElseThrow();
        long[] starts = t.recordStarts();
        for (int i = 0; i < 40; i++) {
            int line = starts.length / 2 + random.nextInt(starts.length / 2 - 1);
            int at = (int) starts[line] + 3 + random.nextInt((int) (starts[line + 1] - starts[line]) - 3);
            Path file = store(Form.TEXT, "cut", Arrays.copyOf(t.bytes(), at));
            TraceException e = assertThrows(TraceException.class, () -> Simulation.run(plan,
                    new Options().heapBytes(Math.max(live.bytes() * 3, 1 << 20)).threads(1), TraceFormat.open(file)));
            assertTrue(e.getMessage().startsWith(file + ": truncated: no end record after line "),
                    "seed " + seed + ", cut at " + at + ": " + e.getMessage());
        }
    }

    @ParameterizedTest
    @EnumSource(value = Form.class, names = {"TEXT", "BINARY"})
    void recordsAfterTheEndAreRejected(Form form) throws IOException {
        Trace t = generate(form, "random", 0.002);
        byte[] end = Arrays.copyOfRange(t.bytes(), t.endStart(), t.bytes().length);
        byte[] extra = form.binary ? new byte[] {'C'} : "C\n".getBytes(StandardCharsets.US_ASCII);
        Path twice = store(form, "twice", concat(t.bytes(), end));
        Path more = store(form, "more", concat(t.bytes(), extra));
        long endAt = form.binary ? t.endStart() : t.recordStarts().length + 1;
        String second = form.binary ? twice + ": byte " + t.bytes().length + ": a second end record (the first is at byte "
                + endAt + ")" : twice + ":" + (endAt + 1) + ": a second end record (the first is on line " + endAt + ")";
        assertEquals(second, assertThrows(TraceException.class, () -> TraceFiles.read(twice)).getMessage());
        String after = form.binary ? more + ": byte " + t.bytes().length + ": data after the end record (at byte "
                + endAt + ")" : more + ":" + (endAt + 1) + ": data after the end record (on line " + endAt + ")";
        assertEquals(after, assertThrows(TraceException.class, () -> TraceFiles.read(more)).getMessage());
    }

    @Test
    void endRecordCountsAreChecked() throws IOException {
        String body = TraceFormat.TEXT_HEADER + "\nA 0 1 32 0\nR 0 0 1\n";
        String good = TraceFiles.endLine(body);
        assertEquals("E 2 1 32 ", good.substring(0, 9));
        Path file = dir.resolve("counts.trace");
        Files.writeString(file, body + good.replace("E 2 1 32 ", "E 2 1 40 "));
        assertEquals(file + ":4: the end record counts 2 records, 1 objects, 40 bytes allocated, the trace has "
                + "2 records, 1 objects, 32 bytes allocated", assertThrows(TraceException.class,
                () -> TraceFiles.read(file)).getMessage());
    }

    @Test
    void versionOneStillReadsWithoutAnEndRecord() throws IOException {
        Path text = TraceFiles.write(dir, "v1.trace", TraceFormat.TEXT_HEADER_V1, "A 0 1 32 0", "R 0 0 1");
        assertEquals(List.of("A 0 1 32 0 0", "R 0 0 1"), TraceFiles.read(text).events());
        Path binary = dir.resolve("v1.jtb");
        Files.write(binary, new byte[] {'J', 'M', 'T', 'B', 1, 'A', 0, 1, 32, 0, 0, 'C'});
        assertEquals(List.of("A 0 1 32 0 0", "C"), TraceFiles.read(binary).events());
        Path withEnd = TraceFiles.write(dir, "v1end.trace", TraceFormat.TEXT_HEADER_V1, "A 0 1 32 0", "E 1 1 32 0");
        TraceFiles.assertTraceError(withEnd, 3, "unknown record 'E' (end records belong to version 2)",
                () -> TraceFiles.read(withEnd));
    }

    /** The writers' bytes agree with the rule in docs/trace-format.md, computed here independently. */
    @ParameterizedTest
    @EnumSource(value = Form.class, names = {"TEXT", "BINARY"})
    void endRecordFollowsTheDocumentedRule(Form form) throws IOException {
        Trace t = generate(form, "search", 0.003);
        byte[] bytes = t.bytes();
        int end = t.endStart();
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(bytes, 0, end);
        RecordingEvents events = TraceFiles.read(store(form, "t", bytes));
        long objects = events.events().stream().filter(e -> e.startsWith("A ")).count();
        long allocated = events.events().stream().filter(e -> e.startsWith("A "))
                .mapToLong(e -> Long.parseLong(e.split(" ")[3])).sum();
        if (form.binary) {
            assertEquals(new EndRecord(events.events().size(), objects, allocated, (int) crc.getValue()),
                    EndRecord.parseBinary(Arrays.copyOfRange(bytes, end, bytes.length)));
        } else {
            assertEquals("E " + events.events().size() + " " + objects + " " + allocated + " " + crc.getValue() + "\n",
                    new String(bytes, end, bytes.length - end, StandardCharsets.US_ASCII));
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /** Where each binary record starts, computed from the events by the format's varint rule. */
    private static final class RecordStarts implements TraceEvents {
        private final boolean binary;
        private final List<Long> starts = new ArrayList<>();
        private long offset = 5;

        RecordStarts(boolean binary) {
            this.binary = binary;
        }

        long[] offsets() {
            long[] all = new long[starts.size() + 1];
            for (int i = 0; i < starts.size(); i++) {
                all[i] = starts.get(i);
            }
            all[starts.size()] = offset;
            return all;
        }

        private void record(long... fields) {
            if (!binary) {
                return;
            }
            starts.add(offset);
            offset++;
            for (long f : fields) {
                do {
                    offset++;
                    f >>>= 7;
                } while (f != 0);
            }
        }

        @Override
        public void type(int typeId, String name) {
            int length = name.getBytes(StandardCharsets.UTF_8).length;
            record(typeId, length);
            offset += length;
        }

        @Override
        public void weakSlot(int typeId, int slot) {
            record(typeId, slot);
        }

        @Override
        public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
            record(thread, object, bytes, refSlots, typeId);
        }

        @Override
        public void write(int thread, long source, int slot, long target) {
            record(thread, source, slot, target);
        }

        @Override
        public void root(int thread, int rootSlot, long target) {
            record(thread, rootSlot, target);
        }

        @Override
        public void global(int rootSlot, long target) {
            record(rootSlot, target);
        }

        @Override
        public void threadEnd(int thread) {
            record(thread);
        }

        @Override
        public void death(long object) {
            record(object);
        }

        @Override
        public void perfectPoint() {
            record();
        }

        @Override
        public void collect() {
            record();
        }
    }
}
