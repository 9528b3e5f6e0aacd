import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Class-loader churn, single thread: at start the program copies its own three plugin classes'
 * {@code .class} bytes from its class path into a temp folder; then 300 rounds each open a new
 * child-first {@code URLClassLoader} over that folder, load the three classes (the JVM defines them anew:
 * class mirrors, constant pools' strings and resolved references), instantiate them by reflection and
 * call them through the {@link Plugin} interface (which the application loader defines once) 40 times;
 * the last 4 loaders and their plugins are kept, older loaders closed. The folder is deleted at the end.
 * ~225 MB.
 */
public class Loaders {
    /** Defined by the application loader; the plugins implement it from every round's loader. */
    public interface Plugin {
        Object run(long seed);
    }

    public static final class Words implements Plugin {
        static final String[] STEMS = {"load", "link", "init", "mirror", "constant", "method", "field"};

        @Override
        public Object run(long seed) {
            StringBuilder sb = new StringBuilder();
            List<String> out = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                sb.setLength(0);
                sb.append(STEMS[(int) ((seed + i) % STEMS.length)]).append('-').append(seed % 1_000 + i);
                out.add(sb.toString());
            }
            return out;
        }
    }

    public static final class Table implements Plugin {
        @Override
        public Object run(long seed) {
            Map<Long, long[]> table = new HashMap<>();
            for (int i = 0; i < 50; i++) {
                long[] row = new long[8];
                row[i % 8] = seed * i;
                table.put(seed + i, row);
            }
            return table;
        }
    }

    public static final class Sums implements Plugin {
        private long total;

        @Override
        public Object run(long seed) {
            int[] values = new int[256 + (int) (seed % 512)];
            for (int i = 0; i < values.length; i++) {
                values[i] = (int) (seed ^ i);
                total += values[i];
            }
            return Long.valueOf(total);
        }
    }

    static final String[] PLUGINS = {"Loaders$Words", "Loaders$Table", "Loaders$Sums"};

    /** Finds the plugin classes in its own folder before asking its parent, as plugin hosts do. */
    static final class PluginLoader extends URLClassLoader {
        PluginLoader(URL folder) {
            super(new URL[] {folder}, Loaders.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null && name.startsWith("Loaders$") && !name.equals("Loaders$Plugin")) {
                    c = findClass(name);
                }
                if (c == null) {
                    return super.loadClass(name, resolve);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }

    record Kept(PluginLoader loader, List<Plugin> plugins) {
    }

    public static void main(String[] args) throws Exception {
        Path folder = Files.createTempDirectory("loaders");
        try {
            for (String name : PLUGINS) {
                try (InputStream in = Loaders.class.getResourceAsStream("/" + name + ".class")) {
                    if (in == null) {
                        throw new IOException(name + ".class not found on the class path");
                    }
                    Files.write(folder.resolve(name + ".class"), in.readAllBytes());
                }
            }
            URL url = folder.toUri().toURL();
            ArrayDeque<Kept> kept = new ArrayDeque<>();
            long check = 0;
            for (int r = 0; r < 300; r++) {
                PluginLoader loader = new PluginLoader(url);
                List<Plugin> plugins = new ArrayList<>();
                for (String name : PLUGINS) {
                    Class<?> c = loader.loadClass(name);
                    if (c.getClassLoader() != loader) {
                        throw new IllegalStateException(name + " was not defined by the round's loader");
                    }
                    plugins.add((Plugin) c.getDeclaredConstructor().newInstance());
                }
                for (int i = 0; i < 40; i++) {
                    for (Plugin plugin : plugins) {
                        Object result = plugin.run(r * 1_000L + i);
                        check += result.hashCode() & 0xff;
                    }
                }
                kept.addLast(new Kept(loader, plugins));
                if (kept.size() > 4) {
                    kept.removeFirst().loader().close();
                }
            }
            System.err.println("Loaders: check " + check + ", kept " + kept.size());
        } finally {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
