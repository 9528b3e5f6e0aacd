package org.jmmtk.core.memory;

/**
 * A load or store touched simulated memory that no space has mapped: always a bug in a collector,
 * an allocator or a binding, never a silent zero.
 */
public final class UnmappedAddressException extends RuntimeException {
    private final long address;

    public UnmappedAddressException(long address) {
        super(String.format("access to unmapped simulated address 0x%x", address));
        this.address = address;
    }

    public long address() {
        return address;
    }
}
