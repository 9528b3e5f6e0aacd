package org.jmmtk.tools.perfetto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Times written as exact microseconds in plain notation, and the event layout. */
class TraceEventWriterTest {
    private static String micros(long nanos) {
        char[] out = new char[24];
        return new String(out, 0, TraceEventWriter.format(nanos, out));
    }

    @Test
    void nanosecondsBecomeMicrosecondsWithoutRounding() {
        assertEquals("0", micros(0));
        assertEquals("0.001", micros(1));
        assertEquals("0.01", micros(10));
        assertEquals("12", micros(12_000));
        assertEquals("12.5", micros(12_500));
        assertEquals("1000.001", micros(1_000_001));
        assertEquals("9223372036854775.807", micros(Long.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> micros(-1));
    }

    @Test
    void oneEventPerLine() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TraceEventWriter w = new TraceEventWriter(bytes)) {
            w.threadName(1, 3, "worker 0");
            w.complete(1, 3, "ProcessEdges", 1_500, 20_001);
            w.args().writeNumberField("edges", 7);
            w.end();
            w.flowEnd(1, 3, 9, 1_500);
            assertEquals(3, w.events());
        }
        assertEquals("""
                {"traceEvents":[
                {"ph":"M","pid":1,"tid":3,"name":"thread_name","args":{"name":"worker 0"}},
                {"ph":"X","pid":1,"tid":3,"name":"ProcessEdges","ts":1.5,"dur":20.001,"args":{"edges":7}},
                {"ph":"f","pid":1,"tid":3,"name":"spawn","ts":1.5,"cat":"spawn","id":9,"bp":"e"}]}
                """, bytes.toString(StandardCharsets.UTF_8));
    }
}
