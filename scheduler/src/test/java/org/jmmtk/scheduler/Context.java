package org.jmmtk.scheduler;

/**
 * The per-worker context of the scheduler tests: which worker it was made for and on which thread, so
 * that packets can check they were handed their own worker's context.
 */
record Context(int ordinal, Thread createdOn) {
    static Context of(int ordinal) {
        return new Context(ordinal, Thread.currentThread());
    }
}
