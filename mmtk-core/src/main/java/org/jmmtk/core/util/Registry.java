package org.jmmtk.core.util;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * An ordered list of named entries looked up by name, case-insensitively: what a command-line option
 * such as {@code --plan} or {@code --workload} accepts, and what the listing commands print. Either fixed
 * or {@linkplain #lazy read from a source} each time it is used (plans and plugins are discovered, so
 * their lists follow the code added to the run). Any thread may use it.
 */
public final class Registry<E extends Registry.Named> {
    /** An entry: its name (lower case, unique within its registry) and a one-line description. */
    public interface Named {
        String name();

        String description();
    }

    private final Supplier<List<E>> entries;

    public Registry(List<E> entries) {
        List<E> fixed = List.copyOf(entries);
        this.entries = () -> fixed;
    }

    private Registry(Supplier<List<E>> entries) {
        this.entries = entries;
    }

    /** A registry whose entries are {@code entries.get()} whenever it is used (the supplier may cache). */
    public static <E extends Named> Registry<E> lazy(Supplier<List<E>> entries) {
        return new Registry<>(entries);
    }

    /** Every entry, in registration order. */
    public List<E> all() {
        return entries.get();
    }

    /** The entry called {@code name} (case-insensitive). */
    public Optional<E> find(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (E e : all()) {
            if (e.name().equals(n)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /** One line per entry, name and description, as the listing commands print them. */
    public String listing() {
        StringBuilder s = new StringBuilder();
        for (E e : all()) {
            s.append(String.format(Locale.ROOT, "%-12s %s%n", e.name(), e.description()));
        }
        return s.toString();
    }

    /** The names of all entries, comma-separated, for error messages. */
    public String names() {
        StringBuilder s = new StringBuilder();
        for (E e : all()) {
            s.append(s.length() == 0 ? "" : ", ").append(e.name());
        }
        return s.toString();
    }
}
