package org.jmmtk.bindings.trace;

import static org.jmmtk.bindings.trace.TraceFiles.assertTraceError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The text reader parses plain records straight from its buffer and every other line the general way:
 * random traces, longer than the 64 KiB buffer so that lines straddle refills, whose records are written
 * plainly or in one of the forms only the general path reads (tabs, doubled blanks, comments, CRLF,
 * 19-digit fields, extreme values), read back as the events the generator meant, with the end record's
 * counts and checksum holding, also when the input comes in short reads; and an error on a plain line
 * located on its line.
 */
class TextTraceFastPathTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void everyFormOfEveryRecordReadsAsTheGeneratorMeantIt(long seed) throws IOException {
        RandomTrace trace = randomTrace(seed);
        Path file = dir.resolve("t.trace");
        Files.writeString(file, trace.text(), StandardCharsets.UTF_8);
        assertEquals(trace.events(), TraceFiles.read(file).events());
    }

    /**
     * Input that arrives in short reads (as from a pipe or a gzip stream) leaves the bytes of earlier
     * refills after the buffer's limit; a line cut at the limit must be read on from the next refill, never
     * finished from those stale bytes, though they are trace text too and often look like a record's rest.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aLineCutByAShortReadIsNotFinishedFromAnEarlierRefillsBytes(long seed) throws IOException {
        RandomTrace trace = randomTrace(seed);
        byte[] bytes = trace.text().getBytes(StandardCharsets.UTF_8);
        Path file = dir.resolve("t.trace");
        Files.write(file, bytes);
        SplittableRandom sizes = new SplittableRandom(seed);
        InputStream shortReads = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] into, int offset, int length) {
                return super.read(into, offset, Math.min(length, sizes.nextInt(10) == 0 ? length : 1 + sizes.nextInt(300)));
            }
        };
        RecordingEvents events = new RecordingEvents();
        new TextTraceReader(file).read(shortReads, events);
        assertEquals(trace.events(), events.events());
    }

    /** A trace's text (header, records, end record) and the events it means. */
    private record RandomTrace(String text, List<String> events) {
    }

    /**
     * About 12,000 random records, longer than the reader's 64 KiB buffer so that lines straddle refills,
     * each written plainly or in one of the forms only the general path reads, with comment and blank
     * lines among them.
     */
    private static RandomTrace randomTrace(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> lines = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        int objects = 0;
        long bytes = 0;
        while (lines.size() < 12_000) {
            int kind = random.nextInt(8);
            long thread = pick(random, Integer.MAX_VALUE);
            long target = objects == 0 || random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(objects);
            long[] fields;
            String event;
            switch (kind) {
                case 0, 1, 2 -> {
                    objects++;
                    long size = 1 + pick(random, ObjectModel.MAX_TRACE_BYTES - 1);
                    long slots = pick(random, ObjectModel.MAX_REF_SLOTS);
                    boolean typed = random.nextBoolean();
                    long type = typed ? pick(random, ObjectModel.MAX_TYPE_ID) : 0;
                    fields = typed ? new long[] {thread, objects, size, slots, type} : new long[] {thread, objects, size, slots};
                    event = "A " + thread + " " + objects + " " + size + " " + slots + " " + type;
                    bytes += size;
                    kind = 'A';
                }
                case 3 -> {
                    if (objects == 0) {
                        continue;
                    }
                    long source = 1 + random.nextInt(objects);
                    long slot = pick(random, ObjectModel.MAX_REF_SLOTS);
                    fields = new long[] {thread, source, slot, target};
                    event = "W " + thread + " " + source + " " + slot + " " + target;
                    kind = 'W';
                }
                case 4 -> {
                    long slot = pick(random, TraceFormat.MAX_ROOT_SLOT);
                    fields = new long[] {thread, slot, target};
                    event = "R " + thread + " " + slot + " " + target;
                    kind = 'R';
                }
                case 5 -> {
                    long slot = pick(random, TraceFormat.MAX_ROOT_SLOT);
                    fields = new long[] {slot, target};
                    event = "G " + slot + " " + target;
                    kind = 'G';
                }
                case 6 -> {
                    if (objects == 0) {
                        continue;
                    }
                    long object = 1 + random.nextInt(objects);
                    fields = new long[] {object};
                    event = "D " + object;
                    kind = 'D';
                }
                default -> {
                    kind = random.nextBoolean() ? 'P' : 'C';
                    fields = new long[0];
                    event = String.valueOf((char) kind);
                }
            }
            lines.add(form(random, (char) kind, fields));
            expected.add(event);
            if (random.nextInt(50) == 0) {
                lines.add(random.nextBoolean() ? "# a comment line\n" : "\n");
            }
        }
        String body = TraceFormat.TEXT_HEADER + "\n" + String.join("", lines);
        CRC32C crc = new CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return new RandomTrace(body + "E " + expected.size() + " " + objects + " " + bytes + " " + crc.getValue() + "\n",
                expected);
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 5_000, 20_000})
    void aConsumersErrorOnAPlainLineNamesThatLine(int before) throws IOException {
        List<String> records = new ArrayList<>();
        for (int i = 1; i <= before; i++) {
            records.add("A 0 " + i + " 32 0");
        }
        records.add("A 0 " + (before + 1) + " 32 0");
        Path file = TraceFiles.text(dir, "t.trace", records.toArray(String[]::new));
        assertTraceError(file, before + 2, "no object " + (before + 1), () -> TraceFormat.open(file)
                .replay(new IgnoringEvents() {
                    @Override
                    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
                        if (object == before + 1) {
                            throw new TraceException("no object " + object);
                        }
                    }
                }));
    }

    /** 0, the largest value, or one between (mostly small, as real traces' numbers are). */
    private static long pick(SplittableRandom random, long max) {
        return switch (random.nextInt(6)) {
            case 0 -> 0;
            case 1 -> max;
            case 2 -> random.nextLong(max + 1);
            default -> random.nextLong(Math.min(max, 5000) + 1);
        };
    }

    /**
     * The record's line, LF included: plain, or in a form the general path reads (one of them a single
     * blank doubled: were the empty field between counted as a 0, an A record of four numbers would read
     * as one of five with its fields shifted).
     */
    private static String form(SplittableRandom random, char kind, long[] fields) {
        int style = random.nextInt(11);
        int doubled = random.nextInt(Math.max(1, fields.length));
        StringBuilder line = new StringBuilder();
        line.append(style == 1 ? "\t" : style == 2 ? " " : "").append(kind);
        for (int i = 0; i < fields.length; i++) {
            long f = fields[i];
            line.append(style == 3 ? "\t" : style == 4 || style == 10 && i == doubled ? "  " : " ");
            line.append(style == 5 ? String.format("%019d", f) : style == 6 ? "0" + f : String.valueOf(f));
        }
        line.append(style == 7 ? " # comment" : style == 8 ? " " : "");
        return line.append(style == 9 ? "\r\n" : "\n").toString();
    }
}
