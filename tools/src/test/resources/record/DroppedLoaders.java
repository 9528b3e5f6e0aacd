import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens 40 class loaders in turn over a temp folder holding a copy of its nested class {@code Hello}, has
 * each define it (child first) and make one instance, and drops each loader at once. HotSpot's young
 * collections keep every class loader and what it holds (its class loader data is a root until a full
 * collection unloads it), and a class's mirror holds its loader in {@code Class.classLoader}, which only
 * the JVM sets. 'jmmtk record' test program for a mirror's loader and the fields reflection filters out.
 */
public class DroppedLoaders {
    public static final class Hello {
        @Override
        public String toString() {
            return "hello";
        }
    }

    static final class ChildFirst extends URLClassLoader {
        ChildFirst(URL folder) {
            super(new URL[] {folder}, DroppedLoaders.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.equals("DroppedLoaders$Hello")) {
                synchronized (getClassLoadingLock(name)) {
                    Class<?> c = findLoadedClass(name);
                    return c != null ? c : findClass(name);
                }
            }
            return super.loadClass(name, resolve);
        }
    }

    public static void main(String[] args) throws Exception {
        Path folder = Files.createTempDirectory("dropped-loaders");
        Path file = folder.resolve("DroppedLoaders$Hello.class");
        try (InputStream in = DroppedLoaders.class.getResourceAsStream("/DroppedLoaders$Hello.class")) {
            Files.write(file, in.readAllBytes());
        }
        int length = 0;
        for (int i = 0; i < 40; i++) {
            Class<?> c = new ChildFirst(folder.toUri().toURL()).loadClass("DroppedLoaders$Hello");
            if (!(c.getClassLoader() instanceof ChildFirst)) {
                throw new IllegalStateException("Hello came from " + c.getClassLoader());
            }
            length += c.getDeclaredConstructor().newInstance().toString().length();
        }
        Files.delete(file);
        Files.delete(folder);
        System.out.println(length);
    }
}
