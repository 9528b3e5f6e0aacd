package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.jmmtk.bindings.lifetimes.RandomTraces;
import org.jmmtk.bindings.lifetimes.ScriptedTrace;
import org.jmmtk.bindings.workloads.Workloads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The per-thread stream layout: every trace reads back as the same records in the same order (random
 * traces of one to four threads, with and without thread ends, and the workloads, in one segment or many), and a damaged file is an
 * error naming the file, never a shorter trace.
 */
class StreamTraceTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(ints = {64, 1 << 20})
    void randomTracesReadBackInTraceOrder(int segmentBytes) throws IOException {
        for (long seed = 1; seed <= 40; seed++) {
            // every other trace ends threads (X, in its thread's stream) and reuses their numbers
            ScriptedTrace trace = RandomTraces.generate(seed, 300, 0, seed % 2 == 0);
            RecordingEvents expected = new RecordingEvents();
            trace.replay(expected);
            Path file = write(trace, segmentBytes);
            assertEquals(StreamTraceReader.class, TraceFormat.open(file).getClass());
            RecordingEvents actual = new RecordingEvents();
            TraceFormat.open(file).replay(actual);
            assertEquals(expected.events(), actual.events(), "seed " + seed);
        }
    }

    @Test
    void workloadsReadBackAsTheirBinaryTraces() throws IOException {
        for (Workloads.Entry w : Workloads.REGISTRY.all()) {
            Path binary = dir.resolve(w.name() + ".jtb");
            try (TraceWriter writer = new BinaryTraceWriter(binary)) {
                w.factory().create(Workloads.DEFAULT_SEED, 0.02).replay(writer);
            }
            Path streams = dir.resolve(w.name() + ".jts");
            try (TraceWriter writer = new StreamTraceWriter(Files.newOutputStream(streams), 4096)) {
                TraceFormat.open(binary).replay(writer);
            }
            RecordingEvents expected = new RecordingEvents();
            TraceFormat.open(binary).replay(expected);
            RecordingEvents actual = new RecordingEvents();
            TraceFormat.open(streams).replay(actual);
            assertEquals(expected.events(), actual.events(), w.name());
        }
    }

    @Test
    void everyCutIsAnErrorNamingTheFile() throws IOException {
        Path whole = write(RandomTraces.generate(7, 200, 3), 128);
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = dir.resolve("cut.jts");
        for (int length = 0; length < bytes.length; length += 1 + length / 50) {
            Files.write(cut, Arrays.copyOf(bytes, length));
            TraceException e = assertThrows(TraceException.class, () -> TraceFormat.open(cut).replay(new RecordingEvents()),
                    "cut at " + length);
            assertTrue(e.getMessage().startsWith(cut.toString()), e.getMessage());
        }
    }

    @Test
    void everyAlteredByteIsAnError() throws IOException {
        Path whole = write(RandomTraces.generate(11, 200, 2), 128);
        byte[] bytes = Files.readAllBytes(whole);
        Path altered = dir.resolve("altered.jts");
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 5; i < bytes.length; i += 1 + random.nextInt(7)) {
            byte[] copy = bytes.clone();
            copy[i] ^= (byte) (1 + random.nextInt(255));
            Files.write(altered, copy);
            TraceException e = assertThrows(TraceException.class,
                    () -> TraceFormat.open(altered).replay(new RecordingEvents()), "byte " + i);
            assertTrue(e.getMessage().startsWith(altered.toString()), e.getMessage());
        }
    }

    @Test
    void aRecordMissingFromItsSegmentNamesItsNumber() throws IOException {
        // a writer's bug, not damage: the checksum matches, so the layout's own check must answer
        Path file = dir.resolve("gap.jts");
        try (OutputStream raw = Files.newOutputStream(file)) {
            TraceOutput out = new TraceOutput(raw);
            out.put(TraceFormat.STREAMS_MAGIC);
            out.put(TraceFormat.VERSION);
            out.put(StreamTraceWriter.SEGMENT);
            // records 1 to 3 (epoch 0 before them) in two chunks: stream 1 holds 1 and 3, stream 2 holds 3 again
            for (int v : new int[] {1, 3, 0, 2, 1, 2, 6}) {
                BinaryRecords.varint(out, v);
            }
            for (int v : new int[] {1, 1 << 2, 'C', 2, 1 << 2, 'C', 2, 1, 3}) {
                out.put(v);
            }
            for (int v : new int[] {3, 1 << 2, 'C'}) {
                out.put(v);
            }
            for (int i = 0; i < 3; i++) {
                out.record();
            }
            out.finish(true);
        }
        TraceException e = assertThrows(TraceException.class, () -> TraceFormat.open(file).replay(new RecordingEvents()));
        assertEquals(file + ": record 2: the record is in no chunk of its segment", e.getMessage());
    }

    private Path write(ScriptedTrace trace, int segmentBytes) throws IOException {
        Path file = dir.resolve("t" + segmentBytes + ".jts");
        try (TraceWriter writer = new StreamTraceWriter(Files.newOutputStream(file), segmentBytes)) {
            trace.replay(writer);
        }
        return file;
    }
}
