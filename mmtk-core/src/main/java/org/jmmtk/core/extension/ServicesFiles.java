package org.jmmtk.core.extension;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which jar or directory lists each provider class of a service: read from the same
 * {@code META-INF/services} files {@link java.util.ServiceLoader} reads, so that an error about a provider
 * can name where it came from even when its class never loaded. Built once per discovery, then immutable.
 */
final class ServicesFiles {
    private final Map<String, Path> locations;

    private ServicesFiles(Map<String, Path> locations) {
        this.locations = Collections.unmodifiableMap(locations);
    }

    static ServicesFiles read(Class<?> service, ClassLoader loader) {
        String name = "META-INF/services/" + service.getName();
        Map<String, Path> locations = new LinkedHashMap<>();
        try {
            for (URL url : Collections.list(loader.getResources(name))) {
                Path location = locationOf(url, name);
                for (String provider : providerNames(url)) {
                    locations.putIfAbsent(provider, location);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ServicesFiles(locations);
    }

    /** The listed provider class names, in the order {@code ServiceLoader} meets them. */
    Iterable<String> providers() {
        return locations.keySet();
    }

    /** Where {@code provider} is listed, or null if nowhere. */
    Path locationOf(String provider) {
        return locations.get(provider);
    }

    private static Iterable<String> providerNames(URL url) throws IOException {
        URLConnection c = url.openConnection();
        // a jar URL connection caches the jar file by default, which would keep it open after a failed run
        c.setUseCaches(false);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8))) {
            return r.lines().map(l -> l.replaceFirst("#.*", "").strip()).filter(l -> !l.isEmpty()).toList();
        }
    }

    /** The jar or directory holding the resource {@code name} found at {@code url}. */
    private static Path locationOf(URL url, String name) {
        try {
            if (url.getProtocol().equals("jar")) {
                String s = url.getPath();
                return Path.of(URI.create(s.substring(0, s.indexOf("!/"))));
            }
            Path file = Path.of(url.toURI());
            return file.getRoot().resolve(file.subpath(0, file.getNameCount() - Path.of(name).getNameCount()));
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of(url.toString());
        }
    }
}
