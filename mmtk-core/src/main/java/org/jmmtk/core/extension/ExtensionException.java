package org.jmmtk.core.extension;

/**
 * Code added to a run cannot be used: a class path element that does not exist or is not a jar, a
 * provider that fails to load or describes itself badly, or two providers with one name. The message
 * names the jar (or directory) and the provider; the cause, if any, is what the provider threw. Bad
 * input, so the command line exits 2.
 */
public final class ExtensionException extends RuntimeException {
    public ExtensionException(String message) {
        super(message);
    }

    public ExtensionException(String message, Throwable cause) {
        super(message, cause);
    }
}
