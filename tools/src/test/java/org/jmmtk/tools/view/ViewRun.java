package org.jmmtk.tools.view;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;

/** A replay with the heap view on a thread of its own, as {@code jmmtk view} runs it, for tests. */
final class ViewRun implements AutoCloseable {
    final ViewControl control;
    final HeapViewPlugin plugin;
    final AtomicReference<MMTK> mmtk = new AtomicReference<>();
    final AtomicReference<RunResult> result = new AtomicReference<>();
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    /** Runs abandoned for a time travel. */
    final java.util.concurrent.atomic.AtomicInteger runs = new java.util.concurrent.atomic.AtomicInteger();
    private final Thread thread;
    private final Options options;
    private volatile boolean replayAfterEnd;
    private volatile boolean closing;

    /**
     * Will run (once started) {@code workload} on {@code plan} in {@code heap} bytes; every frame goes to {@code frames} on
     * the simulation thread. {@code before} adds triggers or pauses before the run starts.
     */
    ViewRun(String plan, String workload, double scale, long heap, int threads, long sampleEvery,
            Consumer<HeapFrame> frames,
            Consumer<ViewRun> before) {
        this(new ViewControl(), plan, workload, scale, heap, threads, sampleEvery, frames, before);
    }

    /** The same, paused and resumed by {@code control}. */
    ViewRun(ViewControl control, String plan, String workload, double scale, long heap, int threads,
            long sampleEvery, Consumer<HeapFrame> frames, Consumer<ViewRun> before) {
        this.control = control;
        this.plugin = new HeapViewPlugin(control, frames, 0, sampleEvery);
        before.accept(this);
        Plans.Entry p = Plans.REGISTRY.find(plan).orElseThrow();
        this.options = new Options().heapBytes(heap).threads(threads).sanity(true);
        this.thread = new Thread(() -> {
            try {
                var source = Workloads.REGISTRY.find(workload).orElseThrow().factory().create(Workloads.DEFAULT_SEED, scale);
                while (result.get() == null) {
                    try {
                        result.set(Simulation.run(p, options, source, (m, binding) -> {
                            mmtk.set(m);
                            plugin.bind(m);
                        }, List.of(plugin)));
                    } catch (HeapViewPlugin.ReplayRestart restart) {
                        if (closing) {
                            return;
                        }
                        runs.incrementAndGet();
                        continue;
                    }
                    if (replayAfterEnd) { // as jmmtk view does: the view stays, a time travel replays again
                        control.finish();
                        control.awaitRestart();
                        if (closing) {
                            return;
                        }
                        result.set(null);
                    }
                }
            } catch (Throwable t) {
                failure.set(t);
            } finally {
                control.finish();
            }
        }, "view-test-simulation");
        thread.setDaemon(true);
    }

    /** Enables the plugins named (before {@link #start}). */
    ViewRun withPlugins(String... names) {
        options.plugins(List.of(names));
        return this;
    }

    /** After the end, waits for a time travel and replays again, as {@code jmmtk view} does (before {@link #start}). */
    ViewRun replayingAfterEnd() {
        replayAfterEnd = true;
        return this;
    }

    /** Starts the run. */
    ViewRun start() {
        thread.start();
        return this;
    }

    /** Waits for the run to end; rethrows what it threw. */
    RunResult join() throws Exception {
        thread.join(120_000);
        if (thread.isAlive()) {
            throw new AssertionError("the run did not end");
        }
        if (failure.get() != null) {
            throw new AssertionError("the run failed", failure.get());
        }
        return result.get();
    }

    /**
     * Abandons the run and waits until its thread has ended. A run left going would keep collecting in this
     * JVM, and its jmmtk.GC events would land in any JFR recording a later test makes (extra runs in it).
     */
    @Override
    public void close() {
        closing = true;
        control.travelTo(0); // the next heap event throws ReplayRestart; a finished run stops awaiting a restart
        try {
            thread.join(120_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            throw new AssertionError("the simulation thread did not stop");
        }
    }
}
