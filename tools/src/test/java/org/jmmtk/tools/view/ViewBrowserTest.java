package org.jmmtk.tools.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The page in a real browser: Debian's headless Chromium loads the view of a paused marksweep run
 * stepped one GC over the API, and its screenshot (kept as target/view-browser.png) must show the
 * tiles the page drew on its canvases from the event stream: pixels of the used-bytes colour scale.
 * Skips itself where no Chromium is installed ({@code .ci/run} installs it).
 */
class ViewBrowserTest {
    static Path chromium() {
        for (String p : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
            if (Files.isExecutable(Path.of(p))) {
                return Path.of(p);
            }
        }
        return null;
    }

    @Test
    void chromiumDrawsTheTilesOfASteppedMarksweepRun() throws Exception {
        Path browser = chromium();
        Assumptions.assumeTrue(browser != null,
                "no Chromium here: 'apt-get install -y chromium' (Debian) to run the real-browser test");
        ViewControl control = new ViewControl();
        try (ViewServer server = new ViewServer(0, control);
             ViewRun run = new ViewRun(control, "marksweep", "binarytrees", 0.1, 512 << 10, 2, 1000, server::publish,
                     r -> r.control.startPaused()).start()) {
            server.start(run.plugin);
            assertTrue(control.awaitBlocked(0, 60_000));
            HttpResponse<String> step = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(server.url() + "api/step?gcs=1")).POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, step.statusCode(), step.body());
            Path shot = Path.of("target", "view-browser.png").toAbsolutePath();
            Files.createDirectories(shot.getParent());
            Files.deleteIfExists(shot);
            Process p = new ProcessBuilder(browser.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--window-size=1280,900", "--timeout=5000", "--screenshot=" + shot, server.url())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            assertTrue(p.waitFor(90, TimeUnit.SECONDS), "chromium did not finish");
            assertTrue(Files.size(shot) > 0, "no screenshot");
            BufferedImage image = ImageIO.read(shot.toFile());
            int tilePixels = 0;
            for (int y = 0; y < image.getHeight(); y++) {
                for (int x = 0; x < image.getWidth(); x++) {
                    int rgb = image.getRGB(x, y);
                    int r = (rgb >> 16) & 0xff;
                    int g = (rgb >> 8) & 0xff;
                    int b = rgb & 0xff;
                    // the used-bytes scale runs from white to rgb(33, 102, 172): blue well above red
                    if (b > 150 && b - r > 60 && g < b) {
                        tilePixels++;
                    }
                }
            }
            // 10x10 pixels per tile: at least 20 tiles full enough to be blue (the legend has under 600 such pixels)
            assertTrue(tilePixels > 20 * 100, "only " + tilePixels + " tile pixels in " + shot);
            control.resume();
            run.join();
        }
    }
}
