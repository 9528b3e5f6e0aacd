package org.jmmtk.tools.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The scalar metrics of one {@code run --json} object under their JSON names: top-level numbers and
 * booleans as they are, nested objects' fields joined with dots ({@code heapGeometry.pageBytes},
 * {@code plugins.events.allocations}), the MMU curve as {@code mmu.<window>ms}. Text fields (the plan,
 * the program, messages) and the per-collection list are not scalar metrics. Stateless.
 */
final class Metrics {
    private Metrics() {
    }

    static Map<String, JsonNode> scalars(ObjectNode run) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        add("", run, out);
        return out;
    }

    private static void add(String prefix, ObjectNode object, Map<String, JsonNode> out) {
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            String name = prefix + e.getKey();
            JsonNode v = e.getValue();
            if (v.isNumber() || v.isBoolean()) {
                out.put(name, v);
            } else if (v instanceof ObjectNode o) {
                add(name + ".", o, out);
            } else if (name.equals("mmu") && v.isArray()) {
                for (JsonNode w : v) {
                    if (w.path("windowMs").isNumber() && w.path("utilization").isNumber()) {
                        out.put("mmu." + w.get("windowMs").asLong() + "ms", w.get("utilization"));
                    }
                }
            }
        }
    }
}
