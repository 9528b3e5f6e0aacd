package org.jmmtk.core.extension;

import org.jmmtk.core.util.Registry;

/** A registry entry made from a discovered provider: its name, description and where it came from. */
public interface Discovered extends Registry.Named {
    /** {@value Discovery#BUILT_IN}, or the path of the jar or directory that provided it. */
    String origin();
}
