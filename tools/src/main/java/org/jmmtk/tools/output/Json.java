package org.jmmtk.tools.output;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;

/** Jackson streaming generators for jmmtk's JSON output (no object trees). */
public final class Json {
    private static final JsonFactory FACTORY = new JsonFactory();

    private Json() {
    }

    /** A pretty-printing generator on {@code out} that leaves {@code out} open. */
    public static JsonGenerator pretty(PrintWriter out) throws IOException {
        JsonGenerator g = FACTORY.createGenerator((Writer) out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.useDefaultPrettyPrinter();
        return g;
    }

    /** A compact generator on {@code out}, closing it when done. */
    static JsonGenerator compact(OutputStream out) throws IOException {
        return FACTORY.createGenerator(out, JsonEncoding.UTF8);
    }

    /** Writes {@code value} as an integer if it is one (Long, Integer), otherwise as a decimal. */
    public static void number(JsonGenerator g, String name, Number value) throws IOException {
        if (value instanceof Long || value instanceof Integer) {
            g.writeNumberField(name, value.longValue());
        } else {
            g.writeNumberField(name, value.doubleValue());
        }
    }
}
