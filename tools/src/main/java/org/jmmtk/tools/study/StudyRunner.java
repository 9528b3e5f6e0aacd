package org.jmmtk.tools.study;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs a study's selected tasks into its directory: skips those whose result is there (resume), sizes
 * the heaps of the others, then runs them {@code jobs} at a time, each in its own JVM, writing each
 * result as it ends. The command's thread drives it; {@code jobs} worker threads each wait on one child.
 */
final class StudyRunner {
    /** What a run of the runner did. */
    record Summary(int selected, int skipped, int ok, int oom, List<TaskResult> failed) {
    }

    private final Path dir;
    private final int jobs;
    private final TaskExecutor executor;

    StudyRunner(Path dir, int jobs, TaskExecutor executor) {
        this.dir = dir;
        this.jobs = jobs;
        this.executor = executor;
    }

    /** The tasks of {@code selected} without a finished result in the directory (failed ones run again). */
    List<Task> toRun(List<Task> selected) throws IOException {
        if (!Files.isDirectory(dir)) {
            return selected;
        }
        List<Task> todo = new ArrayList<>();
        for (Task t : selected) {
            Optional<ResultFile.Stored> stored = ResultFile.read(dir, t);
            if (stored.isEmpty() || !stored.get().outcome().done()) {
                todo.add(t);
            }
        }
        return todo;
    }

    /** The heap of each task of {@code todo}, in order: bad input, before anything runs, if one is impossible. */
    static Map<Task, HeapResolver.Heap> heaps(List<Task> todo, HeapResolver heaps) throws IOException {
        Map<Task, HeapResolver.Heap> sized = new LinkedHashMap<>();
        for (Task t : todo) {
            sized.put(t, heaps.heap(t));
        }
        return sized;
    }

    /** Runs the tasks of {@code sized} (the rest of {@code selected} had results). */
    Summary run(List<Task> selected, Map<Task, HeapResolver.Heap> sized, StudyLog log)
            throws IOException, InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(jobs, sized.size())), r -> {
            Thread th = new Thread(r, "jmmtk-study-worker");
            th.setDaemon(true);
            return th;
        });
        List<TaskResult> failed = new ArrayList<>();
        try {
            List<Future<TaskResult>> futures = new ArrayList<>();
            for (Map.Entry<Task, HeapResolver.Heap> e : sized.entrySet()) {
                futures.add(pool.submit(() -> {
                    TaskResult r = executor.run(e.getKey(), e.getValue());
                    ResultFile.write(dir, r);
                    log.finished(r);
                    return r;
                }));
            }
            for (Future<TaskResult> f : futures) {
                TaskResult r = get(f);
                if (r.outcome() == Outcome.FAILED) {
                    failed.add(r);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return new Summary(selected.size(), selected.size() - sized.size(), log.ok(), log.oom(), failed);
    }

    private static TaskResult get(Future<TaskResult> f) throws IOException, InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException io) {
                throw io;
            }
            if (c instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            if (c instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(c);
        }
    }
}
