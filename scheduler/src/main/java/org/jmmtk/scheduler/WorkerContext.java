package org.jmmtk.scheduler;

/**
 * Per-worker state owned by the layer above the scheduler (in jmmtk, a collector's copy allocators
 * and counters). The scheduler only stores it; packets cast it to the type they expect. Touched only
 * by its worker thread while a collection runs.
 */
public interface WorkerContext {
}
