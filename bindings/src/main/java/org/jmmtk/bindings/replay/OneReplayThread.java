package org.jmmtk.bindings.replay;

/**
 * The coordination of a sequential replay: its one thread is the only mutator thread, and when a
 * collection runs it is already waiting for it (it requested it, or its allocation did), so there is
 * nothing to stop, resume or wait for. Stateless; any thread.
 */
final class OneReplayThread implements MutatorCoordination {
    static final OneReplayThread INSTANCE = new OneReplayThread();

    private OneReplayThread() {
    }

    @Override
    public void stopAll() {
        // the replaying thread is waiting for the collection
    }

    @Override
    public void resumeAll() {
        // it returns from the collection it waited for
    }

    @Override
    public void enterSafeRegion() {
        // no other mutator thread could need it stopped
    }

    @Override
    public void leaveSafeRegion() {
        // no collection can be in progress without it
    }

    @Override
    public void abandonSafeRegion(Throwable cause) {
        // no other mutator thread waits for it
    }
}
