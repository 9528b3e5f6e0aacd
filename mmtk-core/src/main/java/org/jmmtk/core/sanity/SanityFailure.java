package org.jmmtk.core.sanity;

/** The heap failed a sanity check: a collector, allocator or binding corrupted it. */
public final class SanityFailure extends RuntimeException {
    public SanityFailure(String message) {
        super(message);
    }
}
