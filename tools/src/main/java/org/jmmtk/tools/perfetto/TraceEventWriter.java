package org.jmmtk.tools.perfetto;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes the Chrome/Perfetto JSON trace event format, {@code {"traceEvents":[...]}}, one event a line,
 * with Jackson's streaming generator. Times are given in nanoseconds and written as microseconds with
 * exactly three decimals at most, in plain notation: Perfetto reads them back to the nanosecond, so
 * slices that touch stay touching. Only the phases and metadata names Perfetto's importer knows are
 * written. Not thread-safe.
 */
final class TraceEventWriter implements Closeable {
    /** Category and name of every flow event: Perfetto keys v1 flows by (id, cat, name). */
    static final String FLOW = "spawn";

    private static final JsonFactory FACTORY = new JsonFactory();

    private final JsonGenerator json;
    private final char[] number = new char[24];
    private boolean inArgs;
    private long events;

    TraceEventWriter(OutputStream out) throws IOException {
        json = FACTORY.createGenerator(out, JsonEncoding.UTF8);
        json.setPrettyPrinter(new OneEventPerLine());
        json.writeStartObject();
        json.writeArrayFieldStart("traceEvents");
    }

    /** A complete slice ({@code X}); may be followed by {@link #args()}; finish with {@link #end()}. */
    void complete(int pid, int tid, String name, long ts, long dur) throws IOException {
        begin("X", pid, tid, name, ts);
        json.writeFieldName("dur");
        micros(dur);
    }

    /** A thread-scoped instant ({@code i}, {@code "s":"t"}); may be followed by {@link #args()}; finish with {@link #end()}. */
    void instant(int pid, int tid, String name, String category, long ts) throws IOException {
        begin("i", pid, tid, name, ts);
        json.writeStringField("cat", category);
        json.writeStringField("s", "t");
    }

    /** A counter sample ({@code C}): Perfetto names its track "{@code name} {@code series}". */
    void counter(int pid, int tid, String name, long ts, String series, long value) throws IOException {
        begin("C", pid, tid, name, ts);
        args().writeNumberField(series, value);
        end();
    }

    /** Starts flow {@code id} at the slice open on the thread at {@code ts}. */
    void flowStart(int pid, int tid, long id, long ts) throws IOException {
        begin("s", pid, tid, FLOW, ts);
        json.writeStringField("cat", FLOW);
        json.writeNumberField("id", id);
        end();
    }

    /** Ends flow {@code id} at the slice enclosing {@code ts} on the thread ({@code "bp":"e"}). */
    void flowEnd(int pid, int tid, long id, long ts) throws IOException {
        begin("f", pid, tid, FLOW, ts);
        json.writeStringField("cat", FLOW);
        json.writeNumberField("id", id);
        json.writeStringField("bp", "e");
        end();
    }

    void processName(int pid, String name) throws IOException {
        metadata("process_name", pid, pid).writeStringField("name", name);
        end();
    }

    void processSortIndex(int pid, int index) throws IOException {
        metadata("process_sort_index", pid, pid).writeNumberField("sort_index", index);
        end();
    }

    void threadName(int pid, int tid, String name) throws IOException {
        metadata("thread_name", pid, tid).writeStringField("name", name);
        end();
    }

    void threadSortIndex(int pid, int tid, int index) throws IOException {
        metadata("thread_sort_index", pid, tid).writeNumberField("sort_index", index);
        end();
    }

    private JsonGenerator metadata(String name, int pid, int tid) throws IOException {
        json.writeStartObject();
        json.writeStringField("ph", "M");
        json.writeNumberField("pid", pid);
        json.writeNumberField("tid", tid);
        json.writeStringField("name", name);
        return args();
    }

    /** Opens the current event's {@code args} object and returns the generator to write its fields. */
    JsonGenerator args() throws IOException {
        json.writeObjectFieldStart("args");
        inArgs = true;
        return json;
    }

    /** Closes the current event. */
    void end() throws IOException {
        if (inArgs) {
            json.writeEndObject();
            inArgs = false;
        }
        json.writeEndObject();
        events++;
    }

    private void begin(String phase, int pid, int tid, String name, long ts) throws IOException {
        json.writeStartObject();
        json.writeStringField("ph", phase);
        json.writeNumberField("pid", pid);
        json.writeNumberField("tid", tid);
        json.writeStringField("name", name);
        json.writeFieldName("ts");
        micros(ts);
    }

    /** Writes {@code nanos} (not negative) as microseconds: "12", "12.5", "12.345". */
    private void micros(long nanos) throws IOException {
        json.writeNumber(number, 0, format(nanos, number));
    }

    /** Formats {@code nanos} as microseconds into {@code out} and returns the length. */
    static int format(long nanos, char[] out) {
        if (nanos < 0) {
            throw new IllegalArgumentException("negative time " + nanos);
        }
        long whole = nanos / 1000;
        int fraction = (int) (nanos % 1000);
        int n = 0;
        do {
            out[n++] = (char) ('0' + whole % 10);
            whole /= 10;
        } while (whole > 0);
        for (int i = 0, j = n - 1; i < j; i++, j--) {
            char c = out[i];
            out[i] = out[j];
            out[j] = c;
        }
        if (fraction != 0) {
            out[n++] = '.';
            out[n++] = (char) ('0' + fraction / 100);
            out[n++] = (char) ('0' + fraction / 10 % 10);
            out[n++] = (char) ('0' + fraction % 10);
            while (out[n - 1] == '0') {
                n--;
            }
        }
        return n;
    }

    /** Events written so far. */
    long events() {
        return events;
    }

    /** Closes the array and the object, and the stream. */
    @Override
    public void close() throws IOException {
        try {
            json.writeEndArray();
            json.writeEndObject();
            json.writeRaw('\n');
        } finally {
            json.close();
        }
    }

    /** Compact JSON, with a line break before each event so that the file can be read with head or grep. */
    private static final class OneEventPerLine extends MinimalPrettyPrinter {
        private static final long serialVersionUID = 1L;

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            g.writeRaw('\n');
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(",\n");
        }
    }
}
