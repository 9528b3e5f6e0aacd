package org.jmmtk.tools.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The view's HTTP API against a real server on an ephemeral loopback port, over a real run. */
class ViewServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private HttpResponse<String> send(ViewServer s, String method, String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(s.url() + path.substring(1)))
                .method(method, HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode space(JsonNode state, String name) {
        return ViewApiTest.space(state, name);
    }

    @Test
    void servesThePageTheStateAndTheEventStreamAndObeysTheControls() throws Exception {
        ViewControl control = new ViewControl();
        try (ViewServer server = new ViewServer(0, control);
             ViewRun run = new ViewRun(control, "marksweep", "binarytrees", 0.1, 512 << 10, 2, 1000, server::publish,
                     r -> r.control.startPaused()).start()) {
            server.start(run.plugin);
            assertTrue(control.awaitBlocked(0, 60_000));

            HttpResponse<String> page = send(server, "GET", "/", "");
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("<canvas") || page.body().contains("view.js"), page.body());
            assertEquals(200, send(server, "GET", "/view.js", "").statusCode());
            assertEquals(404, send(server, "GET", "/nothing", "").statusCode());

            JsonNode state = JSON.readTree(send(server, "GET", "/api/state", "").body());
            assertTrue(state.get("paused").asBoolean());
            assertEquals(0, state.get("allocations").asLong());

            // step one GC: the answer comes once the simulation stopped again, with the spaces' tiles
            HttpResponse<String> stepped = send(server, "POST", "/api/step?gcs=1", "");
            assertEquals(200, stepped.statusCode(), stepped.body());
            state = JSON.readTree(stepped.body());
            assertEquals(1, state.get("gcCount").asInt());
            assertTrue(state.get("paused").asBoolean());
            JsonNode ms = space(state, "ms");
            long used = 0;
            for (JsonNode t : ms.get("tiles")) {
                used += t.get("usedBytes").asLong();
            }
            assertTrue(used > 0);
            assertEquals(ms.get("totals").get("usedBytes").asLong(), used);
            assertEquals(ms.get("tileCount").asInt(), ms.get("tiles").size());

            // the memory display of a tile of the paused run: its objects, headers and fields
            HttpResponse<String> tile = send(server, "GET", "/api/tile?space=ms&index=0", "");
            assertEquals(200, tile.statusCode(), tile.body());
            JsonNode objects = JSON.readTree(tile.body()).get("objects");
            assertTrue(objects.size() > 0);
            long address = ms.get("tiles").get(0).get("address").asLong();
            for (JsonNode o : objects) {
                assertTrue(o.get("address").asLong() >= address
                        && o.get("address").asLong() < address + ms.get("tileBytes").asLong());
                assertTrue(o.get("id").asLong() > 0 && o.get("size").asLong() >= 16);
                for (JsonNode f : o.get("fields")) {
                    assertTrue(f.get("target").asLong() == 0 || !f.get("targetSpace").asText().isEmpty(), f.toString());
                }
            }
            assertEquals(400, send(server, "GET", "/api/tile?space=ms&index=99999", "").statusCode());
            // zoom into the first 4 KiB of ms in 64-byte tiles, then out again
            assertEquals(200, send(server, "POST", "/api/zoom?space=ms&start=" + address + "&end=" + (address + 4096)
                    + "&tileBytes=64", "").statusCode());
            JsonNode zoomed = space(JSON.readTree(send(server, "GET", "/api/state", "").body()), "ms");
            assertTrue(zoomed.get("zoomed").asBoolean());
            assertEquals(64, zoomed.get("tileCount").asInt());
            assertEquals(address, zoomed.get("start").asLong());
            assertEquals(400, send(server, "POST", "/api/zoom?space=ms&start=5&end=5&tileBytes=64", "").statusCode());
            assertEquals(200, send(server, "POST", "/api/zoom?space=ms", "").statusCode());
            JsonNode whole = space(JSON.readTree(send(server, "GET", "/api/state", "").body()), "ms");
            assertEquals(ms.get("tileCount").asInt(), whole.get("tileCount").asInt());
            assertEquals(used, whole.get("totals").get("usedBytes").asLong());

            // the history: the frame after GC 1
            JsonNode history = JSON.readTree(send(server, "GET", "/api/history", "").body()).get("frames");
            assertEquals(1, history.size());
            assertEquals(1, history.get(0).get("gc").asInt());
            assertEquals(200, send(server, "GET", "/api/history?gc=1", "").statusCode());
            assertEquals(404, send(server, "GET", "/api/history?gc=7", "").statusCode());

            // the event stream: a full frame first
            HttpResponse<InputStream> events = http.send(HttpRequest.newBuilder(URI.create(server.url() + "events"))
                    .GET().build(), HttpResponse.BodyHandlers.ofInputStream());
            assertEquals("text/event-stream", events.headers().firstValue("Content-Type").orElse(""));
            try (BufferedReader in = new BufferedReader(new InputStreamReader(events.body(), StandardCharsets.UTF_8))) {
                assertEquals("event: frame", in.readLine());
                JsonNode first = JSON.readTree(in.readLine().substring("data: ".length()));
                assertTrue(!first.get("incremental").asBoolean());
                assertEquals(1, first.get("gcCount").asInt());
                // 20 more allocations: the next frame holds only the tiles that changed
                assertEquals(200, send(server, "POST", "/api/step?allocs=20", "").statusCode());
                String line;
                JsonNode next = null;
                while ((line = in.readLine()) != null) {
                    if (line.startsWith("data: ")) {
                        next = JSON.readTree(line.substring("data: ".length()));
                        if (next.get("allocations").asLong() == 20_000 + 20 || next.get("seq").asLong() > first
                                .get("seq").asLong()) {
                            break;
                        }
                    }
                }
                assertTrue(next.get("incremental").asBoolean());
                int changed = 0;
                int tiles = 0;
                for (JsonNode s : next.get("spaces")) {
                    changed += s.get("tiles").size();
                    tiles += s.get("tileCount").asInt();
                }
                assertTrue(changed > 0 && changed < tiles, changed + " of " + tiles + " tiles sent");
            }

            // settings, triggers and bad input
            assertEquals(400, send(server, "POST", "/api/step?gcs=zero", "").statusCode());
            assertEquals(400, send(server, "POST", "/api/step", "").statusCode());
            assertEquals(405, send(server, "GET", "/api/pause", "").statusCode());
            HttpResponse<String> bad = send(server, "POST", "/api/triggers", "gc-start gc ~ 3");
            assertEquals(400, bad.statusCode());
            assertTrue(bad.body().contains("'~' is not an operator"), bad.body());
            assertEquals(400, send(server, "POST", "/api/triggers", "alloc nosuchspace.used > 5%").statusCode());
            assertEquals(400, send(server, "POST", "/api/settings?tileBytes=1000", "").statusCode());
            assertEquals(200, send(server, "POST", "/api/settings?tileBytes=1024", "").statusCode());
            // time travel: 5 heap events back, replayed from the start
            long eventsNow = JSON.readTree(send(server, "GET", "/api/state", "").body()).get("events").asLong();
            HttpResponse<String> travelled = send(server, "POST", "/api/travel?back=5", "");
            assertEquals(200, travelled.statusCode(), travelled.body());
            assertEquals(eventsNow - 5, JSON.readTree(travelled.body()).get("events").asLong());
            assertEquals(1, JSON.readTree(travelled.body()).get("gcCount").asInt());
            assertEquals(400, send(server, "POST", "/api/travel?back=-1", "").statusCode());
            assertEquals(400, send(server, "POST", "/api/travel", "").statusCode());
            assertEquals(200, send(server, "POST", "/api/triggers", "gc-end gc = 3").statusCode());
            state = JSON.readTree(send(server, "GET", "/api/state", "").body());
            assertEquals(1024, state.get("tileBytes").asLong());
            assertEquals("gc-end gc = 3", state.get("triggers").get(0).get("text").asText());

            // resume: the trigger stops the run at the end of GC 3
            long since = control.blockings();
            assertEquals(200, send(server, "POST", "/api/resume", "").statusCode());
            assertTrue(control.awaitBlocked(since, 60_000));
            state = JSON.readTree(send(server, "GET", "/api/state", "").body());
            assertEquals(3, state.get("gcCount").asInt());
            assertTrue(state.get("reason").asText().contains("gc-end gc = 3"));
            assertEquals(200, send(server, "DELETE", "/api/triggers?id=" + state.get("triggers").get(0).get("id"), "")
                    .statusCode());
            assertEquals(3, JSON.readTree(send(server, "GET", "/api/history", "").body()).get("frames").size());
            assertEquals(200, send(server, "POST", "/api/resume", "").statusCode());
            run.join();
            assertEquals(409, send(server, "GET", "/api/tile?space=ms&index=0", "").statusCode(),
                    "a memory display needs a paused run");
            state = JSON.readTree(send(server, "GET", "/api/state", "").body());
            assertEquals("finished", state.get("status").asText());
        }
    }
}
