package org.jmmtk.core.extension;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * The code added to this process: the {@link ExtensionClassPath} in use and the class loader that
 * loads from it (its parent is jmmtk's own loader, so jmmtk's classes are shared, never duplicated).
 * Plan and plugin discovery look here. Process-wide like the Java class path itself: the command
 * line sets it once at start-up, before any registry is read; tests set it around what they run. Any
 * thread may read it.
 */
public final class Extensions {
    private record State(ExtensionClassPath classPath, ClassLoader loader) {
    }

    private static final ClassLoader JMMTK = Extensions.class.getClassLoader();
    private static volatile State state = new State(ExtensionClassPath.EMPTY, JMMTK);

    private Extensions() {
    }

    /** Makes {@code classPath} the added code; the empty class path removes what was added. */
    public static synchronized void use(ExtensionClassPath classPath) {
        // the lists, not the records: a record's first equals bootstraps method handles, a cost every start paid
        if (classPath.elements().equals(state.classPath.elements())) {
            return;
        }
        state = new State(classPath, classPath.isEmpty() ? JMMTK : loaderFor(classPath));
    }

    /** The added code in use. */
    public static ExtensionClassPath classPath() {
        return state.classPath;
    }

    /** The class loader of jmmtk plus the added code. */
    public static ClassLoader loader() {
        return state.loader;
    }

    /** Whether {@code location} (a jar or directory) is one of the added elements. */
    static boolean isAdded(Path location) {
        return state.classPath.elements().contains(location);
    }

    private static ClassLoader loaderFor(ExtensionClassPath classPath) {
        URL[] urls = new URL[classPath.elements().size()];
        for (int i = 0; i < urls.length; i++) {
            Path p = classPath.elements().get(i);
            try {
                urls[i] = p.toUri().toURL();
            } catch (MalformedURLException e) {
                throw new ExtensionException(p + ": not usable as a class path element: " + e.getMessage(), e);
            }
        }
        return new URLClassLoader("jmmtk-extensions", urls, JMMTK);
    }
}
