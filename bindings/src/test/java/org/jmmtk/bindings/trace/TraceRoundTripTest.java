package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Events written by the text and binary writers (plain and gzipped) read back as the same sequence. */
class TraceRoundTripTest {
    private static final double SCALE = 0.02;

    /** The four ways to store a trace, and how the file must start. */
    enum Form {
        TEXT("t.trace", false, TraceFormat.TEXT_HEADER.getBytes(StandardCharsets.UTF_8)),
        TEXT_GZ("t.trace.gz", false, new byte[] {0x1f, (byte) 0x8b}),
        BINARY("t.jtb", true, new byte[] {'J', 'M', 'T', 'B', TraceFormat.VERSION}),
        BINARY_GZ("t.jtb.gz", true, new byte[] {0x1f, (byte) 0x8b});

        final String fileName;
        final boolean binary;
        final byte[] firstBytes;

        Form(String fileName, boolean binary, byte[] firstBytes) {
            this.fileName = fileName;
            this.binary = binary;
            this.firstBytes = firstBytes;
        }
    }

    @TempDir
    Path dir;

    static Stream<Arguments> workloadsAndForms() {
        return Workloads.REGISTRY.all().stream()
                .flatMap(w -> Arrays.stream(Form.values()).map(f -> Arguments.of(w.name(), f)));
    }

    @ParameterizedTest(name = "{0} as {1}")
    @MethodSource("workloadsAndForms")
    void workloadEventsSurviveWritingAndReading(String workload, Form form) throws IOException {
        Workloads.Entry entry = Workloads.REGISTRY.find(workload).orElseThrow();
        RecordingEvents expected = new RecordingEvents();
        entry.factory().create(Workloads.DEFAULT_SEED, SCALE).replay(expected);
        assertTrue(expected.events().stream().anyMatch(e -> e.startsWith("A ")), "the workload allocates");

        Path file = dir.resolve(form.fileName);
        try (TraceWriter writer = TraceWriter.create(file, form.binary)) {
            entry.factory().create(Workloads.DEFAULT_SEED, SCALE).replay(writer);
        }

        assertFileStartsWith(file, form.firstBytes);
        TraceSource source = TraceFormat.open(file);
        Class<?> reader = form.binary ? BinaryTraceReader.class : TextTraceReader.class;
        assertEquals(reader, source.getClass());
        RecordingEvents actual = new RecordingEvents();
        source.replay(actual);
        assertEquals(expected.events(), actual.events());
        assertEquals(1.0, source.progress());
    }

    @ParameterizedTest
    @EnumSource(Form.class)
    void everyRecordKindAndExtremeValuesSurvive(Form form) throws IOException {
        Path file = dir.resolve(form.fileName);
        try (TraceWriter writer = TraceWriter.create(file, form.binary)) {
            writer.type(7, "java.util.HashMap$Node[]");
            writer.type(ObjectModel.MAX_TYPE_ID, "Big");
            writer.alloc(0, 1, 1, 0, 0);
            writer.alloc(Integer.MAX_VALUE, ObjectModel.MAX_OBJECT_ID, ObjectModel.MAX_TRACE_BYTES,
                    ObjectModel.MAX_REF_SLOTS, ObjectModel.MAX_TYPE_ID);
            writer.write(3, ObjectModel.MAX_OBJECT_ID, ObjectModel.MAX_REF_SLOTS - 1, 1);
            writer.write(3, ObjectModel.MAX_OBJECT_ID, 0, 0);
            writer.root(4, TraceFormat.MAX_ROOT_SLOT, ObjectModel.MAX_OBJECT_ID);
            writer.root(4, 0, 0);
            writer.global(TraceFormat.MAX_ROOT_SLOT, 1);
            writer.global(0, 0);
            writer.perfectPoint();
            writer.death(1);
            writer.collect();
        }
        List<String> expected = List.of(
                "T 7 java.util.HashMap$Node[]",
                "T " + ObjectModel.MAX_TYPE_ID + " Big",
                "A 0 1 1 0 0",
                "A 2147483647 " + ObjectModel.MAX_OBJECT_ID + " " + ObjectModel.MAX_TRACE_BYTES + " "
                        + ObjectModel.MAX_REF_SLOTS + " " + ObjectModel.MAX_TYPE_ID,
                "W 3 " + ObjectModel.MAX_OBJECT_ID + " " + (ObjectModel.MAX_REF_SLOTS - 1) + " 1",
                "W 3 " + ObjectModel.MAX_OBJECT_ID + " 0 0",
                "R 4 " + TraceFormat.MAX_ROOT_SLOT + " " + ObjectModel.MAX_OBJECT_ID,
                "R 4 0 0",
                "G " + TraceFormat.MAX_ROOT_SLOT + " 1",
                "G 0 0",
                "P",
                "D 1",
                "C");
        assertEquals(expected, TraceFiles.read(file).events());
    }

    private static void assertFileStartsWith(Path file, byte[] prefix) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            assertArrayEquals(prefix, in.readNBytes(prefix.length), "first bytes of " + file.getFileName());
        }
    }
}
