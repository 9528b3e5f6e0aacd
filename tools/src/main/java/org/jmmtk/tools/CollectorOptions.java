package org.jmmtk.tools;

import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import picocli.CommandLine.Option;

/** Options that choose and size the collector: plan, heap, GC threads, packet capacity, sanity checks. */
final class CollectorOptions {
    @Option(names = "--plan", paramLabel = "NAME", description = "Collector plan (default: ${DEFAULT-VALUE}); see 'jmmtk plans'.",
            defaultValue = Plans.DEFAULT)
    String plan;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "32m",
            description = "Heap budget, with optional k/m/g suffix (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--packet-capacity", paramLabel = "N", defaultValue = "4096",
            description = "Edges per ProcessEdges packet (default: ${DEFAULT-VALUE}, MMTk's constant).")
    int packetCapacity;

    @Option(names = "--sanity", description = "Check the heap with an independent reachability walk after every GC.")
    boolean sanity;

    Plans.Entry planEntry() {
        return Plans.find(plan).orElseThrow(() ->
                new UsageException("unknown plan " + Quote.of(plan) + "; valid plans: " + Plans.names()));
    }

    /** Options for {@code threads} GC threads. */
    Options options(int threads) {
        return new Options().heapBytes(Options.parseSize(heap)).threads(threads).packetCapacity(packetCapacity)
                .sanity(sanity);
    }
}
