package org.jmmtk.tools.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Medians over repetitions and the flattening of run --json into columns. */
class MergerTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    @Test
    void mediansKeepWholeNumbersWhole() {
        assertEquals("3", Merger.median(List.of(F.numberNode(5L), F.numberNode(1L), F.numberNode(3L))));
        assertEquals("2.5", Merger.median(List.of(F.numberNode(2L), F.numberNode(3L))));
        assertEquals("4", Merger.median(List.of(F.numberNode(3L), F.numberNode(5L))));
        assertEquals("0.25", Merger.median(List.of(F.numberNode(0.25))));
        assertEquals("1.2345E16", Merger.median(List.of(F.numberNode(1.2345e16))));
        assertEquals("869500000000000", Merger.median(List.of(F.numberNode(8.695e14))));
        assertEquals("true", Merger.median(List.of(F.booleanNode(true), F.booleanNode(true))));
        assertEquals("mixed", Merger.median(List.of(F.booleanNode(true), F.booleanNode(false))));
        assertEquals("", Merger.median(List.of()));
    }

    @Test
    void runJsonFlattensUnderItsOwnNames() throws IOException {
        ObjectNode run = (ObjectNode) ResultFile.MAPPER.readTree("""
                {"plan": "semispace", "workload": "random (seed 1, scale 1.0)", "heapBytes": 4096,
                 "heapGeometry": {"pageBytes": 64}, "gcCount": 3, "markCons": 0.5, "finalLiveBytes": null,
                 "mmu": [{"windowMs": 1, "utilization": 0.25}, {"windowMs": 10, "utilization": 0.5}],
                 "outOfMemory": false, "plugins": {"events": {"allocations": 12}},
                 "collections": [{"gc": 1, "pauseMs": 2.0}]}
                """);
        Map<String, JsonNode> m = Metrics.scalars(run);
        assertEquals(List.of("heapBytes", "heapGeometry.pageBytes", "gcCount", "markCons", "mmu.1ms", "mmu.10ms",
                "outOfMemory", "plugins.events.allocations"), List.copyOf(m.keySet()));
    }
}
