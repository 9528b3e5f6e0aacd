import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Reflection and dynamic dispatch, single thread: 500,000 seeded shapes (records of four kinds)
 * are measured through {@code Method.invoke} (boxed results, argument arrays), through a
 * {@code java.lang.reflect.Proxy} made for every 16th shape (its handler a lambda capturing the
 * shape and a counter array), through {@code MethodHandle}s bound to the shape with {@code bindTo}
 * and through {@code Optional} chains; the shapes are grouped by kind in a fresh {@code EnumMap} of
 * lists every 2,000 shapes, and the largest 4,000 proxies are kept in a ring. ~350 MB.
 */
public class Dispatch {
    public interface Shape {
        double area();

        Kind kind();

        String label(String prefix);
    }

    enum Kind { CIRCLE, SQUARE, TRIANGLE, HEXAGON }

    record Circle(double r) implements Shape {
        public double area() {
            return Math.PI * r * r;
        }

        public Kind kind() {
            return Kind.CIRCLE;
        }

        public String label(String prefix) {
            return prefix + "circle " + r;
        }
    }

    record Square(double side) implements Shape {
        public double area() {
            return side * side;
        }

        public Kind kind() {
            return Kind.SQUARE;
        }

        public String label(String prefix) {
            return prefix + "square " + side;
        }
    }

    record Triangle(double base, double height) implements Shape {
        public double area() {
            return base * height / 2;
        }

        public Kind kind() {
            return Kind.TRIANGLE;
        }

        public String label(String prefix) {
            return prefix + "triangle " + base + "x" + height;
        }
    }

    record Hexagon(double side) implements Shape {
        public double area() {
            return 1.5 * Math.sqrt(3) * side * side;
        }

        public Kind kind() {
            return Kind.HEXAGON;
        }

        public String label(String prefix) {
            return prefix + "hexagon " + side;
        }
    }

    public static void main(String[] args) throws Throwable {
        Random random = new Random(41);
        Method area = Shape.class.getMethod("area");
        Method label = Shape.class.getMethod("label", String.class);
        MethodHandle areaHandle = MethodHandles.lookup().findVirtual(Shape.class, "area",
                MethodType.methodType(double.class));
        Shape[] kept = new Shape[4_000];
        long[] calls = new long[1];
        double total = 0;
        long chars = 0;
        Map<Kind, List<Shape>> groups = new EnumMap<>(Kind.class);
        for (int i = 0; i < 500_000; i++) {
            Shape shape = shape(random);
            total += (Double) area.invoke(shape);
            chars += ((String) label.invoke(shape, "#" + (i & 63) + " ")).length();
            MethodHandle bound = areaHandle.bindTo(shape);
            total += (double) bound.invoke();
            total += Optional.of(shape).filter(s -> s.kind() != Kind.SQUARE).map(Shape::area).orElse(0.0);
            groups.computeIfAbsent(shape.kind(), k -> new ArrayList<>()).add(shape);
            if (i % 16 == 0) {
                Shape target = shape;
                InvocationHandler handler = (proxy, method, a) -> {
                    calls[0]++;
                    return method.invoke(target, a);
                };
                Shape proxy = (Shape) Proxy.newProxyInstance(Shape.class.getClassLoader(),
                        new Class<?>[] {Shape.class}, handler);
                total += proxy.area();
                int slot = random.nextInt(kept.length);
                if (kept[slot] == null || kept[slot].area() < proxy.area()) {
                    kept[slot] = proxy;
                }
            }
            if (i % 2_000 == 1_999) {
                for (Map.Entry<Kind, List<Shape>> e : groups.entrySet()) {
                    chars += e.getKey().name().length() * (long) e.getValue().size();
                }
                groups = new EnumMap<>(Kind.class);
            }
        }
        int live = 0;
        for (Shape s : kept) {
            live += s == null ? 0 : 1;
        }
        System.out.println((long) total + " area, " + chars + " chars, " + calls[0] + " proxy calls, " + live + " kept");
    }

    static Shape shape(Random random) {
        double a = 1 + random.nextInt(1_000) / 10.0;
        switch (random.nextInt(4)) {
            case 0:
                return new Circle(a);
            case 1:
                return new Square(a);
            case 2:
                return new Triangle(a, 1 + random.nextInt(500) / 10.0);
            default:
                return new Hexagon(a);
        }
    }
}
