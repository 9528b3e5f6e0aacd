package org.jmmtk.tools.view;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The heap view's JSON (docs/view.md): a frame in full, or only what changed since an earlier frame
 * (the tiles whose values changed; a space whose tiling changed is sent whole). Two tile shapes: objects
 * with named streams for {@code /api/state}, arrays {@code [index, v0, v1, ...]} in stream order for
 * the event stream. Stateless.
 */
final class FrameJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private FrameJson() {
    }

    /**
     * {@code frame} as JSON; only its changes since {@code previous} if that is not null. {@code status}
     * is the simulation's state now ("running", "paused", "finished"), which may be newer than the frame.
     */
    static String write(HeapFrame frame, HeapFrame previous, boolean namedTiles, HeapViewPlugin settings,
                        String status) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeNumberField("seq", frame.seq());
            g.writeStringField("event", frame.event());
            g.writeBooleanField("paused", status.equals("paused"));
            g.writeStringField("status", status);
            g.writeStringField("reason", status.equals("paused") ? frame.reason() : "");
            g.writeNumberField("gcCount", frame.gcCount());
            g.writeNumberField("events", frame.events());
            g.writeNumberField("allocations", frame.allocations());
            g.writeNumberField("bytesAllocated", frame.bytesAllocated());
            g.writeNumberField("heapBytes", frame.heapBytes());
            g.writeNumberField("tileBytes", settings.tileBytes());
            g.writeNumberField("sampleEvery", settings.sampleEvery());
            g.writeBooleanField("incremental", previous != null);
            strings(g, "streams", HeapFrame.STREAMS);
            strings(g, "backtrace", frame.backtrace());
            g.writeArrayFieldStart("triggers");
            for (Trigger t : settings.triggers()) {
                g.writeStartObject();
                g.writeNumberField("id", t.id());
                g.writeStringField("text", t.text());
                g.writeNumberField("hits", t.hits());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("plugins");
            for (HeapFrame.PluginPanel p : frame.plugins()) {
                g.writeStartObject();
                g.writeStringField("name", p.name());
                g.writeObjectFieldStart("summary");
                for (Map.Entry<String, Number> e : new TreeMap<>(p.summary()).entrySet()) {
                    Number v = e.getValue();
                    if (v instanceof Double || v instanceof Float) {
                        g.writeNumberField(e.getKey(), v.doubleValue());
                    } else {
                        g.writeNumberField(e.getKey(), v.longValue());
                    }
                }
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("spaces");
            for (HeapFrame.SpaceFrame s : frame.spaces()) {
                space(g, s, previous == null ? null : previous.space(s.name()), namedTiles);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void space(JsonGenerator g, HeapFrame.SpaceFrame s, HeapFrame.SpaceFrame before,
                              boolean namedTiles) throws IOException {
        boolean full = before == null || !s.sameLayout(before);
        g.writeStartObject();
        g.writeStringField("name", s.name());
        g.writeStringField("group", s.group());
        g.writeNumberField("start", s.start());
        g.writeNumberField("extentEnd", s.extentEnd());
        g.writeNumberField("tileBytes", s.tileBytes());
        g.writeNumberField("tileCount", s.tileCount());
        g.writeNumberField("reservedBytes", s.reservedBytes());
        g.writeBooleanField("collapsed", s.collapsed());
        g.writeBooleanField("zoomed", s.zoomed());
        g.writeBooleanField("full", full);
        g.writeObjectFieldStart("totals");
        for (int k = 0; k < HeapFrame.STREAMS.size(); k++) {
            if (k != HeapFrame.AGE && k != HeapFrame.FRAGMENTATION && k != HeapFrame.LARGEST_FREE) {
                g.writeNumberField(HeapFrame.STREAMS.get(k), s.total(k));
            }
        }
        g.writeEndObject();
        g.writeNumberField("rangeCount", s.rangeCount());
        if (full || !Arrays.equals(s.ranges(), before.ranges())) {
            g.writeArrayFieldStart("ranges");
            for (int i = 0; i < s.ranges().length; i += 2) {
                g.writeStartArray();
                g.writeNumber(s.ranges()[i]);
                g.writeNumber(s.ranges()[i + 1] - s.ranges()[i]);
                g.writeEndArray();
            }
            g.writeEndArray();
        }
        g.writeArrayFieldStart("tiles");
        long[][] v = s.streams();
        for (int t = 0; t < s.tileCount(); t++) {
            if (!full && !s.tileChanged(before, t)) {
                continue;
            }
            if (namedTiles) {
                g.writeStartObject();
                g.writeNumberField("index", t);
                g.writeNumberField("address", s.start() + t * s.tileBytes());
                for (int k = 0; k < v.length; k++) {
                    g.writeNumberField(HeapFrame.STREAMS.get(k), v[k][t]);
                }
                g.writeEndObject();
            } else {
                g.writeStartArray();
                g.writeNumber(t);
                for (long[] stream : v) {
                    g.writeNumber(stream[t]);
                }
                g.writeEndArray();
            }
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** A memory display: the objects of one tile with their headers and fields. */
    static String objects(String space, int tile, List<ObjectDisplay.Shown> objects) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("space", space);
            g.writeNumberField("tile", tile);
            g.writeArrayFieldStart("objects");
            for (ObjectDisplay.Shown o : objects) {
                g.writeStartObject();
                g.writeNumberField("address", o.address());
                g.writeNumberField("id", o.id());
                g.writeNumberField("type", o.type());
                g.writeNumberField("size", o.size());
                g.writeNumberField("traceBytes", o.traceBytes());
                g.writeStringField("status", "0x" + Long.toHexString(o.status()));
                g.writeBooleanField("marked", o.marked());
                g.writeBooleanField("forwarded", o.forwarded());
                g.writeBooleanField("liveAtLastGc", o.liveAtLastGc());
                g.writeNumberField("allocatedAt", o.allocatedAt());
                g.writeArrayFieldStart("fields");
                for (ObjectDisplay.Field f : o.fields()) {
                    g.writeStartObject();
                    g.writeNumberField("slot", f.slot());
                    g.writeNumberField("target", f.target());
                    g.writeNumberField("targetId", f.targetId());
                    g.writeStringField("targetSpace", f.targetSpace());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void strings(JsonGenerator g, String name, List<String> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }
}
