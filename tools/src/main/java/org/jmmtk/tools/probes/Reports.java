package org.jmmtk.tools.probes;

import java.util.Set;
import org.jmmtk.bindings.trace.Quote;
import picocli.CommandLine;

/** The reports {@code jmmtk probes} can make, and the selection of events they see. */
public final class Reports {
    /** Report names as the command line spells them. */
    public enum Kind {
        PACKET_SIZES("packet-sizes"),
        SLOW_PATH("slow-path"),
        BUCKETS("buckets"),
        GC("gc"),
        PACKETS("packets"),
        SCALABILITY("scalability");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** The report called {@code label} as the user types it; lists the labels otherwise. */
        public static Kind parse(String label) {
            for (Kind k : values()) {
                if (k.label.equalsIgnoreCase(label.strip())) {
                    return k;
                }
            }
            throw new CommandLine.TypeConversionException("expected one of " + java.util.Arrays.toString(values())
                    + " but was " + Quote.of(label));
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * {@link Kind#parse} for picocli. A class rather than a method reference: picocli's classes are of
     * Java 5's format, and a lambda implementing one of its interfaces keeps the interface, and the
     * converters that implement it, out of the launcher's class-data-sharing archive.
     */
    public static final class KindConverter implements CommandLine.ITypeConverter<Kind> {
        @Override
        public Kind convert(String label) {
            return Kind.parse(label);
        }
    }

    private Reports() {
    }

    public static ProbeReport create(Kind kind, ProbeEvents events) {
        return switch (kind) {
            case PACKET_SIZES -> new PacketSizeReport(events.edges);
            case SLOW_PATH -> new SlowPathReport(events.slowPaths, events.gcs, events.lockWaits);
            case BUCKETS -> new BucketReport(events.gcs, events.buckets);
            case GC -> new GcReport(events);
            case PACKETS -> new PacketTypeReport(events.packets);
            case SCALABILITY -> new ScalabilityReport(events);
        };
    }

    private static boolean duringAny(long t, java.util.List<ProbeEvents.Gc> gcs, Set<Integer> which) {
        for (ProbeEvents.Gc g : gcs) {
            if (which.contains(g.gc()) && t >= g.start() && t <= g.end()) {
                return true;
            }
        }
        return false;
    }

    /** The events without those of the run's final reachability collection (which run metrics exclude too). */
    public static ProbeEvents withoutFinal(ProbeEvents all) {
        Set<Integer> last = all.finalGcs();
        if (last.isEmpty()) {
            return all;
        }
        ProbeEvents e = new ProbeEvents();
        all.gcs.stream().filter(x -> !last.contains(x.gc())).forEach(e.gcs::add);
        all.packets.stream().filter(x -> !last.contains(x.gc())).forEach(e.packets::add);
        all.edges.stream().filter(x -> !last.contains(x.gc())).forEach(e.edges::add);
        all.buckets.stream().filter(x -> !last.contains(x.gc())).forEach(e.buckets::add);
        all.heap.stream().filter(x -> !last.contains(x.gc())).forEach(e.heap::add);
        // a GC worker's copy-buffer refill belongs to the collection it ran in
        all.slowPaths.stream().filter(x -> x.mutator() >= 0 || !duringAny(x.start(), all.gcs, last))
                .forEach(e.slowPaths::add);
        // so does a wait for a page resource's lock (GC workers allocating copies)
        all.lockWaits.stream().filter(x -> !duringAny(x.start(), all.gcs, last)).forEach(e.lockWaits::add);
        return e;
    }
}
