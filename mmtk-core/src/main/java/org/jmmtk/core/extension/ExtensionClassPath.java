package org.jmmtk.core.extension;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;

/**
 * The jars and directories added to a run ({@code --classpath} and {@code JMMTK_CLASSPATH}), parsed
 * like a Java class path (elements separated by {@link File#pathSeparator}; empty elements ignored) and
 * checked before any class is loaded from them: each must exist, and a file must be a jar. Elements are
 * absolute and normalised, each kept once, in order. Immutable.
 */
public record ExtensionClassPath(List<Path> elements) {
    /** Nothing added. */
    public static final ExtensionClassPath EMPTY = new ExtensionClassPath(List.of());

    public ExtensionClassPath {
        elements = List.copyOf(elements);
    }

    /**
     * Parses {@code value}, which came from {@code where} (the option or variable, named in errors).
     *
     * @throws ExtensionException naming {@code where} and the element if an element is unusable
     */
    public static ExtensionClassPath parse(String where, String value) {
        List<Path> elements = new ArrayList<>();
        for (String s : value.split(File.pathSeparator, -1)) {
            if (!s.isBlank()) {
                elements.add(checked(where, s));
            }
        }
        return new ExtensionClassPath(elements);
    }

    /** This class path followed by {@code other}'s elements that it does not already have. */
    public ExtensionClassPath then(ExtensionClassPath other) {
        Set<Path> all = new LinkedHashSet<>(elements);
        all.addAll(other.elements);
        return new ExtensionClassPath(new ArrayList<>(all));
    }

    public boolean isEmpty() {
        return elements.isEmpty();
    }

    /** The elements joined with the platform's path separator, as {@code --classpath} takes them. */
    public String joined() {
        List<String> s = new ArrayList<>();
        for (Path p : elements) {
            s.add(p.toString());
        }
        return String.join(File.pathSeparator, s);
    }

    private static Path checked(String where, String element) {
        Path p;
        try {
            p = Path.of(element).toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            throw new ExtensionException(where + ": '" + element + "' is not a path: " + e.getMessage());
        }
        if (!Files.exists(p)) {
            throw new ExtensionException(where + ": " + p + " does not exist");
        }
        if (Files.isDirectory(p)) {
            return p;
        }
        // opening it as a jar is the only reliable test; the name's extension proves nothing
        try (JarFile jar = new JarFile(p.toFile())) {
            return p;
        } catch (IOException | SecurityException e) {
            throw new ExtensionException(where + ": " + p + " is not a jar or a directory (" + e.getMessage() + ")", e);
        }
    }
}
