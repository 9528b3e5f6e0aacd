package org.jmmtk.tools.view;

import org.jmmtk.tools.error.ErrorHandler;
import org.jmmtk.tools.error.ExitCodes;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.option.CollectorOptions;
import org.jmmtk.tools.option.HeapFactorOption;
import org.jmmtk.tools.option.SourceOptions;
import org.jmmtk.tools.option.SyncOptions;
import org.jmmtk.tools.option.ThreadsOption;
import org.jmmtk.tools.run.RunReport;

import java.io.PrintWriter;
import java.net.BindException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jmmtk view}: replays a run like {@code jmmtk run} while serving a GCspy-style live heap view
 * on {@code http://127.0.0.1:PORT/} (docs/view.md). The replay runs on the command's thread, which the
 * view blocks while paused; a time travel abandons the run and replays the same source again (runs are
 * deterministic). After the run the view stays up until interrupted, unless {@code --exit-when-done}.
 */
@Command(name = "view", sortOptions = false,
        description = "Run a collector plan on a workload or trace while serving a live heap view "
                + "(tiles, streams, pause/step, triggers) on http://127.0.0.1:PORT/; see docs/view.md.")
public final class ViewCommand implements Callable<Integer> {
    @Mixin
    CollectorOptions collector;

    @Mixin
    SourceOptions source;

    @Mixin
    HeapFactorOption heapFactor;

    @Mixin
    ThreadsOption threads;

    @Mixin
    SyncOptions sync;

    @Option(names = "--port", paramLabel = "N", defaultValue = "0",
            description = "Serve on this loopback port (default: any free port; the URL is printed).")
    int port;

    @Option(names = "--paused", description = "Start paused, before the first allocation.")
    boolean paused;

    @Option(names = "--sample-every", paramLabel = "K", defaultValue = "1000",
            description = "Sample the heap every K allocations between collections, and after every collection "
                    + "(default: ${DEFAULT-VALUE}; changeable in the page).")
    long sampleEvery;

    @Option(names = "--tile-size", paramLabel = "SIZE",
            description = "Bytes per tile, a power of two (GCspy's blocking factor; default: the heap's block size).")
    String tileSize;

    @Option(names = "--trigger", paramLabel = "TEXT",
            description = "Pause when EVENT ATTRIBUTE OP VALUE [ACTION] holds, e.g. 'gc-start gc = 12', "
                    + "'alloc ms.used > 80%%', 'alloc type = 3 backtrace' (repeatable; docs/view.md).")
    List<String> triggers = new ArrayList<>();

    @Option(names = "--exit-when-done", description = "Stop serving when the run finished (default: serve until interrupted).")
    boolean exitWhenDone;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new UsageException("--port must be between 0 and 65535, not " + port);
        }
        Plans.Entry plan = collector.planEntry();
        Options options = collector.options(threads.threads);
        sync.apply(options);
        TraceSource src = source.open();
        HeapFactorOption.Heap heap = heapFactor.heap(source, src);
        if (heap != null) {
            options.heapBytes(heap.bytes());
        }
        ViewControl control = new ViewControl();
        if (paused) {
            control.startPaused();
        }
        ViewServer server;
        try {
            server = new ViewServer(port, control);
        } catch (BindException e) {
            throw new UsageException("--port " + port + ": cannot listen on 127.0.0.1:" + port + " (" + e.getMessage()
                    + "; is the port in use?)");
        }
        try (server) {
            HeapViewPlugin view = new HeapViewPlugin(control, server::publish, tileBytes(), sampleEvery());
            for (String t : triggers) {
                try {
                    view.addTrigger(t);
                } catch (IllegalArgumentException e) {
                    throw new UsageException("--trigger: " + e.getMessage());
                }
            }
            server.start(view);
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            out.println("heap view: " + server.url());
            out.flush();
            RunResult result = null;
            while (result == null) {
                try {
                    result = Simulation.run(plan, options, src, (mmtk, binding) -> {
                        try {
                            view.bind(mmtk);
                        } catch (IllegalArgumentException e) {
                            throw new UsageException("--trigger: " + e.getMessage());
                        }
                    }, List.of(view));
                } catch (HeapViewPlugin.ReplayRestart restart) {
                    continue;
                }
                control.finish();
                RunReport.table(result, heap == null ? null : heap.describe(), 0, out);
                out.flush();
                if (!exitWhenDone) {
                    err.println("the run finished; the view stays at " + server.url()
                            + " until interrupted (Ctrl-C); a time travel replays it again");
                    err.flush();
                    control.awaitRestart();
                    result = null;
                }
            }
            if (result.isOutOfMemory()) {
                return ErrorHandler.fail(spec.commandLine(), result.outOfMemory(), ExitCodes.FAILED);
            }
            return ExitCodes.OK;
        }
    }

    private long tileBytes() {
        if (tileSize == null) {
            return 0;
        }
        try {
            return HeapViewPlugin.checkTileBytes(Options.parseSize(tileSize));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--tile-size " + tileSize + ": " + e.getMessage());
        }
    }

    private long sampleEvery() {
        if (sampleEvery <= 0) {
            throw new UsageException("--sample-every must be at least 1, not " + sampleEvery);
        }
        return sampleEvery;
    }
}
