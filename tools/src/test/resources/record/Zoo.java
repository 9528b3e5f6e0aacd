import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Bytecode the instrumenter must survive (inner classes, lambdas, exceptions, clone, reflection, ...): 'jmmtk record' test program. */
public class Zoo {
    static final Map<String, Object> MAP = new HashMap<>();
    static List<Object> list = new ArrayList<>();
    static Object[][] grid;
    static Zoo keep;

    final String name;
    Inner inner;

    enum Color { RED, GREEN }

    record Pair(Object left, Object right) {
    }

    interface Maker {
        default Object make() {
            return new int[3];
        }
    }

    class Inner implements Maker, Cloneable {
        Object held = new StringBuilder("x");

        @Override
        protected Inner clone() throws CloneNotSupportedException {
            return (Inner) super.clone();
        }
    }

    Zoo(String name) {
        this(name, 1);
    }

    Zoo(String name, int ignored) {
        super();
        this.name = name;
    }

    static int depth(int n) {
        Object local = new Object();
        if (n == 0) {
            throw new IllegalStateException("bottom " + local.hashCode());
        }
        try {
            return depth(n - 1);
        } finally {
            local = null;
        }
    }

    static synchronized Object lock(Object o) {
        return new Pair(o, Color.GREEN);
    }

    public static void main(String[] args) throws Exception {
        Zoo z = new Zoo("zoo");
        z.inner = z.new Inner();
        Inner copy = z.inner.clone();
        int[] ints = ((int[]) copy.make()).clone();
        grid = new Object[3][4];
        grid[1][2] = z;
        Object[] arr = (Object[]) Array.newInstance(Object.class, 5);
        arr[0] = Zoo.class.getDeclaredConstructor(String.class).newInstance("reflected");
        try {
            depth(5);
        } catch (IllegalStateException e) {
            arr[1] = e;
        }
        Supplier<Object> s = () -> new Pair(ints, arr);
        list.add(s.get());
        MAP.put("k", lock(copy));
        long[][] longs = new long[2][2];
        Object[] nested = {new Object[] {longs}, null};
        for (Color c : Color.values()) {
            nested[1] = c;
        }
        keep = z;
        System.out.println("zoo " + list.size() + " " + MAP.size() + " " + nested.length);
    }
}
