package org.jmmtk.tools;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * A progress bar on standard error, redrawn a few times a second by a daemon thread, shown only when
 * jmmtk runs on a terminal (so pipes, files and CI logs stay clean). Close it to erase it.
 */
final class Progress implements AutoCloseable {
    private static final int WIDTH = 30;

    private final Thread thread;
    private final PrintStream err = System.err;
    private final DoubleSupplier fraction;
    private volatile boolean done;
    private volatile String label;

    private Progress(String label, DoubleSupplier fraction, boolean visible) {
        this.label = label;
        this.fraction = fraction;
        this.thread = visible ? new Thread(this::draw, "jmmtk-progress") : null;
        if (thread != null) {
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Starts a bar that shows only on a terminal. */
    static Progress start(String label, DoubleSupplier fraction) {
        return new Progress(label, fraction, System.console() != null);
    }

    /** Changes the text in front of the bar. */
    void label(String text) {
        this.label = text;
    }

    private void draw() {
        while (!done) {
            double f = Math.max(0, Math.min(1, fraction.getAsDouble()));
            int filled = (int) Math.round(f * WIDTH);
            err.print(String.format(Locale.ROOT, "\r%s [%s%s] %3.0f%%", label, "#".repeat(filled),
                    " ".repeat(WIDTH - filled), 100 * f));
            err.flush();
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() {
        if (thread == null) {
            return;
        }
        done = true;
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        err.print("\r" + " ".repeat(label.length() + WIDTH + 10) + "\r");
        err.flush();
    }
}
