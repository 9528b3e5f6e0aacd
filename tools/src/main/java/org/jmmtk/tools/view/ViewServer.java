package org.jmmtk.tools.view;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves the heap view on the loopback interface only, with the JDK's own HTTP server: the page and
 * its script (from the jar), the JSON API ({@code /api/...}, docs/view.md) and the frames as
 * Server-Sent Events ({@code /events}), each client getting a full frame first and then only the tiles
 * that changed since the frame it last got (so a slow client skips frames instead of slowing the run).
 *
 * <p>Threads: the simulation thread publishes frames ({@link #publish}); each HTTP exchange runs on a
 * pool thread, an event stream keeping its thread while the client stays. HTTP threads never touch the
 * heap: they read published frames, change the plugin's settings and signal {@link ViewControl}.
 */
public final class ViewServer implements AutoCloseable {
    /** How long {@code POST /api/step} waits for the simulation to stop again. */
    static final long STEP_WAIT_MILLIS = 60_000;
    private static final long MIN_EVENT_MILLIS = 50;
    /** Frames kept for the history slider: the one after each of the last 100 collections. */
    static final int HISTORY_FRAMES = 100;
    /** Objects a memory display lists at most. */
    static final int MAX_OBJECTS_SHOWN = 256;

    private final HttpServer server;
    private final ExecutorService pool;
    private final ViewControl control;
    private final Object frames = new Object();
    private HeapFrame latest;
    private final ArrayDeque<HeapFrame> history = new ArrayDeque<>();
    private HeapViewPlugin plugin;
    private volatile boolean closed;

    /** Binds {@code 127.0.0.1:port} (0: any free port); throws {@link java.net.BindException} if taken. */
    public ViewServer(int port, ViewControl control) throws IOException {
        this.control = control;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        this.pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "view-http");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(pool);
    }

    /** Starts serving the view of {@code viewPlugin}. */
    public void start(HeapViewPlugin viewPlugin) {
        this.plugin = viewPlugin;
        server.createContext("/", this::handle);
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String url() {
        return "http://127.0.0.1:" + port() + "/";
    }

    /** Simulation thread: a new frame for the clients. */
    public void publish(HeapFrame frame) {
        synchronized (frames) {
            latest = frame;
            while (!history.isEmpty() && history.peekLast().gcCount() > frame.gcCount()) {
                history.removeLast(); // a time travel went back before these collections
            }
            if (frame.event().equals("gc-end")
                    && (history.isEmpty() || history.peekLast().gcCount() != frame.gcCount())) {
                if (history.size() == HISTORY_FRAMES) {
                    history.removeFirst();
                }
                history.addLast(frame);
            }
            frames.notifyAll();
        }
    }

    /** The latest frame (null before the first). */
    public HeapFrame latest() {
        synchronized (frames) {
            return latest;
        }
    }

    private HeapFrame awaitNewer(long seq, long millis) throws InterruptedException {
        synchronized (frames) {
            long deadline = System.currentTimeMillis() + millis;
            while (!closed && (latest == null || latest.seq() <= seq)) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    break;
                }
                frames.wait(left);
            }
            return latest;
        }
    }

    private long seq() {
        HeapFrame f = latest();
        return f == null ? -1 : f.seq();
    }

    /** After a setting changed: if the run is paused, waits (briefly) for the frame sampled with it. */
    private void resampled(long before) {
        if (control.isBlocked()) {
            try {
                awaitNewer(before, 10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private String status() {
        return control.isFinished() ? "finished" : control.isBlocked() ? "paused" : "running";
    }

    private void handle(HttpExchange ex) throws IOException {
        try {
            String path = ex.getRequestURI().getPath();
            String method = ex.getRequestMethod();
            Map<String, String> q = query(ex.getRequestURI());
            switch (path) {
                case "/", "/index.html" -> resource(ex, method, "index.html", "text/html; charset=utf-8");
                case "/view.js" -> resource(ex, method, "view.js", "text/javascript; charset=utf-8");
                case "/api/state" -> {
                    if (requireMethod(ex, method, "GET")) {
                        json(ex, 200, q.containsKey("compact") ? state(false) : state());
                    }
                }
                case "/events" -> {
                    if (requireMethod(ex, method, "GET")) {
                        events(ex);
                    }
                }
                case "/api/pause" -> pause(ex, method);
                case "/api/resume" -> resume(ex, method);
                case "/api/step" -> step(ex, method, q);
                case "/api/travel" -> travel(ex, method, q);
                case "/api/settings" -> settings(ex, method, q);
                case "/api/collapse" -> collapse(ex, method, q);
                case "/api/zoom" -> zoom(ex, method, q);
                case "/api/triggers" -> triggers(ex, method, q);
                case "/api/history" -> {
                    if (requireMethod(ex, method, "GET")) {
                        history(ex, q);
                    }
                }
                case "/api/tile" -> {
                    if (requireMethod(ex, method, "GET")) {
                        tile(ex, q);
                    }
                }
                default -> text(ex, 404, "no such page: " + path);
            }
        } catch (IllegalArgumentException e) {
            text(ex, 400, e.getMessage());
        } catch (IllegalStateException e) {
            text(ex, 409, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            ex.close();
        }
    }

    private String state() {
        return state(true);
    }

    /** The latest frame in full, its tiles as objects ({@code named}) or as the event stream's arrays. */
    private String state(boolean named) {
        HeapFrame f = latest();
        if (f == null) {
            return "{\"status\":\"starting\",\"paused\":false,\"spaces\":[]}";
        }
        return FrameJson.write(f, null, named, plugin, status());
    }

    /** Pauses, waits until the simulation stopped (or finished), then answers with the state. */
    private void pause(HttpExchange ex, String method) throws IOException, InterruptedException {
        if (!requireMethod(ex, method, "POST")) {
            return;
        }
        ViewControl.Moment since = control.now();
        boolean stopped = control.isBlocked() || (control.isFinished() && !control.restartRequested());
        control.pause();
        answerWhen(ex, stopped || control.awaitAfter(since, false, false, STEP_WAIT_MILLIS), "stop");
    }

    /** Resumes, waits until the simulation went on (or finished), then answers with the state. */
    private void resume(HttpExchange ex, String method) throws IOException, InterruptedException {
        if (!requireMethod(ex, method, "POST")) {
            return;
        }
        ViewControl.Moment since = control.now();
        boolean blocked = control.isBlocked();
        control.resume();
        answerWhen(ex, !blocked || control.awaitAfter(since, true, false, STEP_WAIT_MILLIS), "go on");
    }

    /** Steps, then waits until the simulation stopped again (or finished) and answers with the state. */
    private void step(HttpExchange ex, String method, Map<String, String> q) throws IOException, InterruptedException {
        if (!requireMethod(ex, method, "POST")) {
            return;
        }
        if (q.containsKey("gcs") == q.containsKey("allocs")) {
            throw new IllegalArgumentException("give exactly one of ?gcs=N and ?allocs=N");
        }
        long n = number(q, q.containsKey("gcs") ? "gcs" : "allocs");
        if (n <= 0) {
            throw new IllegalArgumentException("a step must be at least 1, not " + n);
        }
        if (control.isFinished() && !control.restartRequested()) {
            json(ex, 200, state()); // nothing left to step: the state is the finished one
            return;
        }
        ViewControl.Moment since = control.now();
        if (q.containsKey("gcs")) {
            control.stepGcs(n);
        } else {
            control.stepAllocations(n);
        }
        answerWhen(ex, control.awaitAfter(since, false, false, STEP_WAIT_MILLIS), "stop again");
    }

    /** The state if the simulation did what a control asked in time, else 504. */
    private void answerWhen(HttpExchange ex, boolean done, String what) throws IOException {
        if (done) {
            json(ex, 200, state());
        } else {
            text(ex, 504, "the simulation did not " + what + " within " + STEP_WAIT_MILLIS / 1000 + " s");
        }
    }

    /**
     * Time travel: ?event=N replays from the start to heap event N; ?back=K goes K events back from the
     * latest frame. Waits until the replay stopped there, then answers with the state.
     */
    private void travel(HttpExchange ex, String method, Map<String, String> q) throws IOException,
            InterruptedException {
        if (!requireMethod(ex, method, "POST")) {
            return;
        }
        if (q.containsKey("event") == q.containsKey("back")) {
            throw new IllegalArgumentException("give exactly one of ?event=N and ?back=K");
        }
        HeapFrame f = latest();
        long target = q.containsKey("event") ? number(q, "event") : (f == null ? 0 : f.events()) - number(q, "back");
        if (q.containsKey("back") && number(q, "back") < 0) {
            throw new IllegalArgumentException("back must not be negative");
        }
        ViewControl.Moment since = control.now();
        control.travelTo(Math.max(0, target));
        answerWhen(ex, control.awaitAfter(since, false, true, STEP_WAIT_MILLIS), "reach event " + target);
    }

    private void settings(HttpExchange ex, String method, Map<String, String> q) throws IOException {
        if (!requireMethod(ex, method, "POST")) {
            return;
        }
        long before = seq();
        if (q.containsKey("tileBytes")) {
            plugin.setTileBytes(number(q, "tileBytes"));
            resampled(before);
        }
        if (q.containsKey("sampleEvery")) {
            plugin.setSampleEvery(number(q, "sampleEvery"));
        }
        json(ex, 200, state());
    }

    private void collapse(HttpExchange ex, String method, Map<String, String> q) throws IOException {
        if (!requireMethod(ex, method, "POST")) {
            return;
        }
        String space = q.get("space");
        if (space == null) {
            throw new IllegalArgumentException("give ?space=NAME");
        }
        long before = seq();
        plugin.setCollapsed(space, !"false".equals(q.get("collapsed")));
        resampled(before);
        json(ex, 200, state());
    }

    /** Without ?gc: the collections kept; with ?gc=N: the frame after collection N, in full. */
    private void history(HttpExchange ex, Map<String, String> q) throws IOException {
        List<HeapFrame> kept;
        synchronized (frames) {
            kept = List.copyOf(history);
        }
        if (q.containsKey("gc")) {
            long gc = number(q, "gc");
            for (HeapFrame f : kept) {
                if (f.gcCount() == gc) {
                    json(ex, 200, FrameJson.write(f, null, false, plugin, "history"));
                    return;
                }
            }
            text(ex, 404, "no frame of GC " + gc + " kept (the last " + HISTORY_FRAMES + " collections are)");
            return;
        }
        StringBuilder b = new StringBuilder("{\"frames\":[");
        for (HeapFrame f : kept) {
            b.append(b.charAt(b.length() - 1) == '[' ? "" : ",").append("{\"gc\":").append(f.gcCount())
                    .append(",\"seq\":").append(f.seq()).append(",\"allocations\":").append(f.allocations())
                    .append(",\"bytesAllocated\":").append(f.bytesAllocated()).append('}');
        }
        json(ex, 200, b.append("]}").toString());
    }

    /** The memory display of a tile of the latest frame; the run must be paused (409 otherwise). */
    private void tile(HttpExchange ex, Map<String, String> q) throws IOException, InterruptedException {
        String space = q.get("space");
        if (space == null || !q.containsKey("index")) {
            throw new IllegalArgumentException("give ?space=NAME&index=I");
        }
        int index = (int) number(q, "index");
        int limit = q.containsKey("limit") ? (int) Math.min(MAX_OBJECTS_SHOWN, number(q, "limit")) : 64;
        HeapFrame frame = latest();
        List<ObjectDisplay.Shown> objects = control.callWhilePaused(
                () -> plugin.objectsOfTile(frame, space, index, limit), STEP_WAIT_MILLIS);
        json(ex, 200, FrameJson.objects(space, index, objects));
    }

    /** With start, end and tileBytes: zooms a space into that range; without: shows it whole again. */
    private void zoom(HttpExchange ex, String method, Map<String, String> q) throws IOException {
        if (!requireMethod(ex, method, "POST")) {
            return;
        }
        String space = q.get("space");
        if (space == null) {
            throw new IllegalArgumentException("give ?space=NAME[&start=A&end=B&tileBytes=T]");
        }
        long before = seq();
        if (q.containsKey("start")) {
            plugin.setZoom(space, number(q, "start"), number(q, "end"), number(q, "tileBytes"));
        } else {
            plugin.clearZoom(space);
        }
        resampled(before);
        json(ex, 200, state());
    }

    /** GET lists, POST adds (the body is the trigger's text), DELETE ?id=N removes. */
    private void triggers(HttpExchange ex, String method, Map<String, String> q) throws IOException {
        switch (method) {
            case "GET" -> json(ex, 200, state());
            case "POST" -> {
                String text;
                try (InputStream in = ex.getRequestBody()) {
                    text = new String(in.readNBytes(4096), StandardCharsets.UTF_8).trim();
                }
                Trigger t = plugin.addTrigger(text);
                json(ex, 200, "{\"id\":" + t.id() + "," + state().substring(1)); // the new trigger's id, then the state
            }
            case "DELETE" -> {
                if (!plugin.removeTrigger((int) number(q, "id"))) {
                    text(ex, 404, "no trigger " + q.get("id"));
                    return;
                }
                json(ex, 200, state());
            }
            default -> text(ex, 405, "use GET, POST or DELETE");
        }
    }

    /** Server-Sent Events: a full frame, then changes, at most one event per 50 ms, keep-alives when idle. */
    private void events(HttpExchange ex) throws IOException, InterruptedException {
        ex.getResponseHeaders().set("Content-Type", "text/event-stream");
        ex.getResponseHeaders().set("Cache-Control", "no-cache");
        ex.sendResponseHeaders(200, 0);
        OutputStream out = ex.getResponseBody();
        HeapFrame sent = null;
        String sentStatus = "";
        try {
            while (!closed) {
                HeapFrame f = awaitNewer(sent == null ? -1 : sent.seq(), 1000);
                String status = status();
                if (f != null && (f != sent || !status.equals(sentStatus))) {
                    String data = FrameJson.write(f, sent, false, plugin, status);
                    out.write(("event: frame\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
                    sent = f;
                    sentStatus = status;
                } else {
                    out.write(": idle\n\n".getBytes(StandardCharsets.UTF_8));
                }
                out.flush();
                Thread.sleep(MIN_EVENT_MILLIS);
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    private void resource(HttpExchange ex, String method, String name, String type) throws IOException {
        if (!requireMethod(ex, method, "GET")) {
            return;
        }
        try (InputStream in = ViewServer.class.getResourceAsStream(name)) {
            if (in == null) {
                text(ex, 500, "the jar lacks " + name);
                return;
            }
            send(ex, 200, type, in.readAllBytes());
        }
    }

    private static boolean requireMethod(HttpExchange ex, String method, String wanted) throws IOException {
        if (method.equals(wanted)) {
            return true;
        }
        text(ex, 405, "use " + wanted);
        return false;
    }

    private static long number(Map<String, String> q, String name) {
        String v = q.get(name);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, not '" + v + "'");
        }
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> q = new HashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null || raw.isEmpty()) {
            return q;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            q.put(k, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return q;
    }

    private static void json(HttpExchange ex, int code, String body) throws IOException {
        send(ex, code, "application/json", body.getBytes(StandardCharsets.UTF_8));
    }

    private static void text(HttpExchange ex, int code, String body) throws IOException {
        send(ex, code, "text/plain; charset=utf-8", (body + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange ex, int code, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            ex.getResponseBody().write(body);
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (frames) {
            frames.notifyAll();
        }
        server.stop(0);
        pool.shutdownNow();
    }
}
