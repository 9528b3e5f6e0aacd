package org.jmmtk.tools.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Each control of the view's HTTP API, by real HTTP on loopback: the answer is the state after the
 * action (docs/view.md), never the state before it.
 */
class ViewApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** A server over a marksweep binarytrees run that replays again after its end, as {@code jmmtk view} does. */
    private final class View implements AutoCloseable {
        final ViewControl control = new ViewControl();
        final ViewServer server;
        final ViewRun run;

        View(double scale, Consumer<ViewRun> before) throws Exception {
            this(scale, before, f -> { });
        }

        /** The same; {@code published} runs on the simulation thread after each frame went to the server. */
        View(double scale, Consumer<ViewRun> before, Consumer<HeapFrame> published) throws Exception {
            server = new ViewServer(0, control);
            run = new ViewRun(control, "marksweep", "binarytrees", scale, 512 << 10, 1, 1000,
                    f -> {
                        server.publish(f);
                        published.accept(f);
                    }, before).replayingAfterEnd();
            server.start(run.plugin);
            run.start();
        }

        HttpResponse<String> send(String method, String path, String body) throws Exception {
            return http.send(HttpRequest.newBuilder(URI.create(server.url() + path.substring(1)))
                    .method(method, HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        }

        /** POSTs {@code path} and returns the answer's JSON, which must be 200. */
        JsonNode post(String path) throws Exception {
            HttpResponse<String> r = send("POST", path, "");
            assertEquals(200, r.statusCode(), path + ": " + r.body());
            return JSON.readTree(r.body());
        }

        JsonNode state() throws Exception {
            return JSON.readTree(send("GET", "/api/state", "").body());
        }

        @Override
        public void close() {
            run.close();
            server.close();
        }
    }

    private View pausedView() throws Exception {
        View v = new View(0.1, r -> r.control.startPaused());
        assertTrue(v.control.awaitBlocked(0, 60_000));
        return v;
    }

    static JsonNode space(JsonNode state, String name) {
        for (JsonNode s : state.get("spaces")) {
            if (s.get("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no space " + name + " in " + state);
    }

    /**
     * The run is held at its first frame until the pause has been asked for, so it is running (not
     * finished: a run that ends first answers "finished", {@link #pauseAfterTheEndAnswersFinished}) when
     * the pause arrives, however slow the machine.
     */
    @Test
    void pauseAnswersPausedOnceTheRunStopped() throws Exception {
        AtomicBoolean held = new AtomicBoolean();
        ViewControl[] control = new ViewControl[1];
        try (View v = new View(2, r -> control[0] = r.control, f -> {
            if (held.compareAndSet(false, true)) {
                awaitPauseRequested(control[0]);
            }
        })) {
            JsonNode state = v.post("/api/pause");
            assertEquals("paused", state.get("status").asText(), state.toString());
            assertTrue(state.get("paused").asBoolean());
            assertTrue(v.control.isBlocked());
            assertEquals("paused", v.post("/api/pause").get("status").asText(), "pausing a paused run");
        }
    }

    /** The answer to a pause of a run that has ended (docs/view.md): at once, "finished", not paused. */
    @Test
    void pauseAfterTheEndAnswersFinished() throws Exception {
        try (View v = new View(0.1, r -> { })) {
            assertTrue(v.control.awaitBlocked(Long.MAX_VALUE, 120_000), "the run ends");
            // twice: the first may come between the plugin's end and the run thread's (each says finished)
            for (int i = 0; i < 2; i++) {
                JsonNode state = v.post("/api/pause");
                assertEquals("finished", state.get("status").asText(), state.toString());
                assertFalse(state.get("paused").asBoolean());
                assertFalse(v.control.isBlocked());
            }
        }
    }

    /** Simulation thread: waits until an HTTP thread asked for a pause (up to a minute, so a failing test ends). */
    private static void awaitPauseRequested(ViewControl control) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!control.pauseRequested() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(1_000_000);
        }
    }

    @Test
    void resumeAnswersOnceTheRunWentOn() throws Exception {
        try (View v = pausedView()) {
            JsonNode state = v.post("/api/resume");
            assertNotEquals("paused", state.get("status").asText(), state.toString());
            assertFalse(state.get("paused").asBoolean());
        }
    }

    @Test
    void stepAnswersWithTheStateWhereItStopped() throws Exception {
        try (View v = pausedView()) {
            JsonNode state = v.post("/api/step?allocs=20");
            assertEquals("paused", state.get("status").asText());
            assertEquals(20, state.get("allocations").asLong());
            state = v.post("/api/step?gcs=1");
            assertEquals(1, state.get("gcCount").asInt());
            assertEquals("paused", state.get("status").asText());
            assertEquals(400, v.send("POST", "/api/step?allocs=0", "").statusCode());
        }
    }

    @Test
    void travelAfterTheEndAnswersWithTheFrameAtTheEventAndPaused() throws Exception {
        try (View v = pausedView()) {
            v.post("/api/resume");
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (!v.control.isFinished() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals("finished", v.state().get("status").asText());
            JsonNode state = v.post("/api/travel?event=1000");
            assertEquals("paused", state.get("status").asText(), state.toString());
            assertEquals(1000, state.get("events").asLong());
            assertEquals(995, v.post("/api/travel?back=5").get("events").asLong());
            assertEquals(0, v.post("/api/travel?event=0").get("events").asLong());
        }
    }

    @Test
    void triggersAnswerWithTheStateAndNameTheWrongToken() throws Exception {
        try (View v = pausedView()) {
            HttpResponse<String> added = v.send("POST", "/api/triggers", "gc-end gc = 3");
            assertEquals(200, added.statusCode(), added.body());
            JsonNode state = JSON.readTree(added.body());
            assertEquals(state.get("id").asInt(), state.get("triggers").get(0).get("id").asInt());
            assertEquals("gc-end gc = 3", state.get("triggers").get(0).get("text").asText());
            assertEquals("paused", state.get("status").asText());
            HttpResponse<String> bad = v.send("POST", "/api/triggers", "gc-start gc = 99x");
            assertEquals(400, bad.statusCode());
            assertEquals("trigger 'gc-start gc = 99x': bad value '99x' (a number, with k/m/g, or a percentage for used)",
                    bad.body().trim());
            HttpResponse<String> removed = v.send("DELETE", "/api/triggers?id=" + state.get("id").asInt(), "");
            assertEquals(200, removed.statusCode());
            assertEquals(0, JSON.readTree(removed.body()).get("triggers").size());
            assertEquals(404, v.send("DELETE", "/api/triggers?id=99", "").statusCode());
        }
    }

    @Test
    void settingsCollapseAndZoomAnswerWithTheNewState() throws Exception {
        try (View v = pausedView()) {
            v.post("/api/step?gcs=1");
            JsonNode state = v.post("/api/settings?tileBytes=1024&sampleEvery=7");
            assertEquals(1024, state.get("tileBytes").asLong());
            assertEquals(7, state.get("sampleEvery").asLong());
            assertTrue(space(v.post("/api/collapse?space=ms&collapsed=true"), "ms").get("collapsed").asBoolean());
            assertFalse(space(v.post("/api/collapse?space=ms&collapsed=false"), "ms").get("collapsed").asBoolean());
            long start = space(state, "ms").get("start").asLong();
            JsonNode zoomed = space(v.post("/api/zoom?space=ms&start=" + start + "&end=" + (start + 4096) + "&tileBytes=64"), "ms");
            assertTrue(zoomed.get("zoomed").asBoolean());
            assertEquals(64, zoomed.get("tileCount").asInt());
            assertFalse(space(v.post("/api/zoom?space=ms"), "ms").get("zoomed").asBoolean());
        }
    }
}
