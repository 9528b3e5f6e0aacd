package org.jmmtk.tools.error;

/** Bad input or usage that the parser could not catch (an unknown plan, an impossible size): exit 2. */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
