package org.jmmtk.core.extension;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jmmtk.core.util.Registry;

/**
 * Finds the providers of a service with {@link ServiceLoader} in jmmtk and the {@linkplain Extensions
 * added code}, and turns them into a {@link Registry}: built-in providers first, in the order of their
 * services file, then the added jars' in class path order. Each entry knows its origin: {@value #BUILT_IN}
 * or the jar's (or directory's) path. A provider that fails to load, or has a bad name or description,
 * and two providers with one name, are {@link ExtensionException}s naming the jars and providers.
 *
 * <p>Threads: a discovered registry may be read from any thread; it discovers again only when the added
 * code changes, one thread at a time (the command line starts discovering the plans on a thread of its own
 * while it builds the command, which then waits for that result rather than discovering beside it).
 */
public final class Discovery<P extends Provider, E extends Discovered> implements Supplier<List<E>> {
    /** The origin of a provider that is part of jmmtk. */
    public static final String BUILT_IN = "built in";

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_.-]*");

    private record Snapshot<E>(ClassLoader loader, List<E> entries) {
    }

    private final Class<P> service;
    private final String kind;
    private final BiFunction<P, String, E> entry;
    private Snapshot<E> last;

    private Discovery(Class<P> service, String kind, BiFunction<P, String, E> entry) {
        this.service = service;
        this.kind = kind;
        this.entry = entry;
    }

    /**
     * The registry of {@code service}'s providers, each made into an entry by {@code entry} from the
     * provider and its origin; {@code kind} ("plan", "plugin") names them in messages.
     */
    public static <P extends Provider, E extends Discovered> Registry<E> registry(
            Class<P> service, String kind, BiFunction<P, String, E> entry) {
        return Registry.lazy(new Discovery<>(service, kind, entry));
    }

    @Override
    public synchronized List<E> get() {
        ClassLoader loader = Extensions.loader();
        Snapshot<E> s = last;
        if (s == null || s.loader != loader) {
            s = new Snapshot<>(loader, discover(loader));
            last = s;
        }
        return s.entries;
    }

    private List<E> discover(ClassLoader loader) {
        ServicesFiles files = ServicesFiles.read(service, loader);
        Map<String, String> seen = new LinkedHashMap<>();
        List<E> entries = new ArrayList<>();
        Iterator<ServiceLoader.Provider<P>> it = ServiceLoader.load(service, loader).stream().iterator();
        while (true) {
            ServiceLoader.Provider<P> provider;
            try {
                if (!it.hasNext()) {
                    break;
                }
                provider = it.next();
            } catch (ServiceConfigurationError e) {
                String name = providerNamed(e, files);
                throw failure(files, name, e);
            }
            String className = provider.type().getName();
            E e = entryOf(provider, className, origin(files, className));
            String previous = seen.putIfAbsent(e.name(), className);
            if (previous != null) {
                throw new ExtensionException("two " + kind + "s are called '" + e.name() + "': " + previous + " ("
                        + origin(files, previous) + ") and " + className + " (" + origin(files, className) + ")");
            }
            entries.add(e);
        }
        return List.copyOf(entries);
    }

    private E entryOf(ServiceLoader.Provider<P> provider, String className, String origin) {
        P p;
        String name;
        String description;
        E e;
        try {
            p = provider.get();
            name = p.name();
            description = p.description();
            e = entry.apply(p, origin);
        } catch (ServiceConfigurationError | RuntimeException | LinkageError x) {
            throw new ExtensionException(where(origin) + kind + " provider " + className + " failed to load: "
                    + rootCause(x), x);
        }
        if (name == null || !NAME.matcher(name).matches()) {
            throw new ExtensionException(where(origin) + kind + " provider " + className + " has a bad name '" + name
                    + "' (lower-case letters, digits, '.', '_' and '-', starting with a letter or digit)");
        }
        if (description == null || description.isBlank() || description.lines().count() != 1) {
            throw new ExtensionException(where(origin) + kind + " provider " + className
                    + " needs a one-line description");
        }
        return e;
    }

    private ExtensionException failure(ServicesFiles files, String className, Throwable e) {
        if (className == null) {
            return new ExtensionException(kind + " providers failed to load: " + rootCause(e), e);
        }
        return new ExtensionException(where(origin(files, className)) + kind + " provider " + className
                + " failed to load: " + rootCause(e), e);
    }

    /** The listed provider an error from {@link ServiceLoader} names (its message is all it gives). */
    private static String providerNamed(ServiceConfigurationError e, ServicesFiles files) {
        String message = String.valueOf(e.getMessage());
        String found = null;
        for (String p : files.providers()) {
            if (message.contains(p + " ") || message.endsWith(p)) {
                found = found == null || p.length() > found.length() ? p : found;
            }
        }
        return found;
    }

    private static String origin(ServicesFiles files, String className) {
        Path location = files.locationOf(className);
        if (location == null) {
            return "unknown location";
        }
        return !Extensions.isAdded(location) && className.startsWith("org.jmmtk.") ? BUILT_IN : location.toString();
    }

    private static String where(String origin) {
        return origin.equals(BUILT_IN) ? "" : origin + ": ";
    }

    private static String rootCause(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        String m = c.getMessage();
        return c.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }
}
