package org.jmmtk.tools.option;

import org.jmmtk.tools.error.UsageException;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Locale;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --heap-factor F}: the heap as F times the program's exact maximum live size (rounded up to a
 * byte), instead of {@code --heap}. Shared by every command that takes {@code --heap}; checks its input
 * and the resulting heap against {@link Options}' limits (bad input exits 2).
 */
public final class HeapFactorOption {
    @Option(names = "--heap-factor", paramLabel = "F",
            description = "Heap = F x the program's maximum live size (exact; see docs/metrics.md), rounded up; "
                    + "instead of --heap.")
    Double factor;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /**
     * A heap chosen by factor.
     *
     * @param bytes   the heap: ceil(factor x maximum live bytes)
     * @param factor  the factor given
     * @param maxLive the program's maximum live size
     */
    public record Heap(long bytes, double factor, MaxLive.Result maxLive) {
        /** For headers: {@code 31,968 bytes = 2 x max live 15,984}. */
        public String describe() {
            return String.format(Locale.ROOT, "%,d bytes = %s x max live %,d", bytes, plain(factor), maxLive.bytes());
        }
    }

    boolean given() {
        return factor != null;
    }

    /** The heap for {@code src} (the program {@code source} selected), or null without {@code --heap-factor}. */
    public Heap heap(SourceOptions source, TraceSource src) throws IOException {
        return heap(source.trace, src);
    }

    /** The heap for {@code src}, the trace file {@code trace} (null: a workload), or null without {@code --heap-factor}. */
    public Heap heap(Path trace, TraceSource src) throws IOException {
        if (factor == null) {
            return null;
        }
        if (command.commandLine().getParseResult().hasMatchedOption("--heap")) {
            throw new UsageException("give either --heap or --heap-factor, not both");
        }
        if (!(factor > 0) || factor.isInfinite()) {
            throw new UsageException("--heap-factor must be a positive finite number, got " + factor);
        }
        MaxLive.Result maxLive = MaxLiveSizes.of(trace, src);
        if (maxLive.bytes() == 0) {
            throw new UsageException("--heap-factor: the " + (trace != null ? "trace" : "workload")
                    + " has no live data, so a factor of it is no heap");
        }
        double bytes = heapBytes(factor, maxLive.bytes());
        if (bytes < Options.MIN_HEAP_BYTES || bytes > Options.MAX_HEAP_BYTES) {
            throw new UsageException(String.format(Locale.ROOT,
                    "--heap-factor %s: %s x max live %,d bytes is a heap of %s bytes, outside %s..%s",
                    plain(factor), plain(factor), maxLive.bytes(), bytes(bytes), Options.formatBytes(Options.MIN_HEAP_BYTES),
                    Options.formatBytes(Options.MAX_HEAP_BYTES)));
        }
        return new Heap((long) bytes, factor, maxLive);
    }

    /**
     * The heap a factor gives, ceil(factor x maximum live bytes), before its range is checked; {@code study}
     * sizes its heaps with it too, so a study's heap is the one {@code run --heap-factor} would use.
     */
    public static double heapBytes(double factor, long maxLiveBytes) {
        return Math.ceil(factor * maxLiveBytes);
    }

    /**
     * A factor without trailing zeros: {@code 2}, {@code 1.25} ({@code Infinity}, {@code NaN} as Java spells them);
     * in scientific notation ({@code 1E+300}) when the plain form would be longer than {@value #PLAIN_DIGITS}
     * characters, so a message or file name for a factor typed as {@code 1e300} is not 301 digits long.
     */
    public static String plain(double factor) {
        if (!Double.isFinite(factor)) {
            return Double.toString(factor);
        }
        BigDecimal d = BigDecimal.valueOf(factor).stripTrailingZeros();
        String plain = d.toPlainString();
        return plain.length() <= PLAIN_DIGITS ? plain : d.toString();
    }

    private static final int PLAIN_DIGITS = 24;

    /** A heap of {@code bytes} computed from a factor, for a message: grouped digits, or {@code 1.2E+304} when huge. */
    public static String bytes(double bytes) {
        return bytes < 1e18 ? String.format(Locale.ROOT, "%,.0f", bytes) : plain(bytes);
    }
}
