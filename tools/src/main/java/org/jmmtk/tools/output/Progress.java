package org.jmmtk.tools.output;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * A progress bar on standard error, redrawn a few times a second by a daemon thread, shown only when
 * jmmtk runs on a terminal (so pipes, files and CI logs stay clean), optionally with the time left
 * estimated from the time so far. Close it to erase it. Any thread may change the label.
 */
public final class Progress implements AutoCloseable {
    private static final int WIDTH = 30;

    private final Thread thread;
    private final PrintStream err = System.err;
    private final DoubleSupplier fraction;
    private final boolean eta;
    private final long startNanos = System.nanoTime();
    private volatile boolean done;
    private volatile String label;

    private Progress(String label, DoubleSupplier fraction, boolean visible, boolean eta) {
        this.label = label;
        this.fraction = fraction;
        this.eta = eta;
        this.thread = visible ? new Thread(this::draw, "jmmtk-progress") : null;
        if (thread != null) {
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Starts a bar that shows only on a terminal. */
    public static Progress start(String label, DoubleSupplier fraction) {
        return new Progress(label, fraction, onTerminal(), false);
    }

    /** Starts a bar that shows only on a terminal, followed by an estimate of the time left. */
    public static Progress withEta(String label, DoubleSupplier fraction) {
        return new Progress(label, fraction, onTerminal(), true);
    }

    /** Whether bars show: jmmtk runs on a terminal. */
    public static boolean onTerminal() {
        return System.console() != null;
    }

    /** Changes the text in front of the bar. */
    public void label(String text) {
        this.label = text;
    }

    private void draw() {
        while (!done) {
            double f = Math.max(0, Math.min(1, fraction.getAsDouble()));
            int filled = (int) Math.round(f * WIDTH);
            err.print(String.format(Locale.ROOT, "\r%s [%s%s] %3.0f%%%s", label, "#".repeat(filled),
                    " ".repeat(WIDTH - filled), 100 * f, eta ? " " + eta(f) + "   " : ""));
            err.flush();
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** "ETA 1:05", from the time so far and the fraction done; "ETA ?" before anything is done. */
    private String eta(double f) {
        if (f <= 0) {
            return "ETA ?";
        }
        return "ETA " + clock((long) ((System.nanoTime() - startNanos) / 1e9 * (1 - f) / f));
    }

    /** {@code seconds} as m:ss, or h:mm:ss from an hour. */
    public static String clock(long seconds) {
        long h = seconds / 3600;
        long m = seconds / 60 % 60;
        long s = seconds % 60;
        return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s) : String.format(Locale.ROOT, "%d:%02d", m, s);
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
        err.print("\r" + " ".repeat(label.length() + WIDTH + (eta ? 30 : 10)) + "\r");
        err.flush();
    }
}
