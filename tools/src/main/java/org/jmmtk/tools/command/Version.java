package org.jmmtk.tools.command;

/** The jmmtk version, as {@code jmmtk --version} prints it and as files that depend on it (calibrations) record it. */
public final class Version {
    public static final String NUMBER = "0.1.0";

    private Version() {
    }
}
