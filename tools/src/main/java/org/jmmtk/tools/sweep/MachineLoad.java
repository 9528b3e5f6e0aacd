package org.jmmtk.tools.sweep;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * How busy the machine was when a timing was taken: the one-minute load average ({@code /proc/loadavg}, or where
 * there is none the {@code OperatingSystemMXBean}'s) against the processors this JVM may use. Above the processor count
 * threads wait for a processor, so wall-clock timings (and speedups most of all) measure the other programs too:
 * every timing output says so, one line on standard error and {@code loadAverage} and {@code busyMachine} in its
 * JSON. The system property {@code jmmtk.loadAverage} replaces the reading (for tests, and for machines that do
 * not report one). Immutable; taken on the command's thread.
 *
 * @param loadAverage the one-minute load average, or a negative number where the platform has none
 * @param processors  the processors available to this JVM
 */
public record MachineLoad(double loadAverage, int processors) {
    /** The system property that replaces the load average read from the operating system. */
    public static final String PROPERTY = "jmmtk.loadAverage";
    /** How the warning starts. */
    public static final String WARNING_PREFIX = "jmmtk: warning: load average ";
    private static final Path LOADAVG = Path.of("/proc/loadavg");

    /** The load now. */
    public static MachineLoad now() {
        String given = System.getProperty(PROPERTY);
        double load;
        try {
            load = given != null ? Double.parseDouble(given) : systemLoadAverage();
        } catch (NumberFormatException e) {
            load = -1;
        }
        return new MachineLoad(load, Runtime.getRuntime().availableProcessors());
    }

    /**
     * The first field of {@code /proc/loadavg} where there is one, which is what the MXBean reads on Linux:
     * starting the management classes took a few percent of a short run.
     */
    private static double systemLoadAverage() {
        try {
            String text = Files.readString(LOADAVG, StandardCharsets.US_ASCII);
            return Double.parseDouble(text.substring(0, text.indexOf(' ')));
        } catch (IOException | RuntimeException e) {
            return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        }
    }

    /** Whether more threads wanted a processor than there were processors (on average over the last minute). */
    public boolean busy() {
        return loadAverage > processors;
    }

    /** The warning, or null when the machine is not busy. */
    public String warning() {
        return !busy() ? null : String.format(Locale.ROOT, WARNING_PREFIX + "%.2f on %d processor%s: "
                + "the timings include waiting for a processor (busy machine)", loadAverage, processors,
                processors == 1 ? "" : "s");
    }

    /** Prints the warning on {@code err}, if the machine is busy. */
    public void warn(PrintWriter err) {
        if (busy()) {
            err.println(warning());
            err.flush();
        }
    }

    /** {@code loadAverage} (null where the platform has none) and {@code busyMachine}, into the current object. */
    public void json(JsonGenerator g) throws IOException {
        if (loadAverage < 0) {
            g.writeNullField("loadAverage");
        } else {
            g.writeNumberField("loadAverage", Math.round(loadAverage * 100) / 100.0);
        }
        g.writeBooleanField("busyMachine", busy());
    }
}
