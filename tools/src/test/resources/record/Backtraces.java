import java.util.ArrayList;
import java.util.List;

/**
 * 50,000 checked exceptions thrown four frames deep and caught; one in ten kept to the end in a static
 * list, the others dropped at once. The JVM makes each throwable's backtrace itself in
 * {@code fillInStackTrace} (an {@code Object[6]} chunk with a {@code short[32]}, an {@code int[32]}, an
 * {@code Object[32]} and a {@code long[32]}, about 880 bytes), with no bytecode to show it. 'jmmtk
 * record' test program for the recording of backtraces.
 */
public class Backtraces {
    static final List<Exception> KEPT = new ArrayList<>();

    static final class Bad extends Exception {
        Bad(int n) {
            super(n % 2 == 0 ? "even" : "odd");
        }
    }

    public static void main(String[] args) {
        long lines = 0;
        for (int i = 0; i < 50_000; i++) {
            try {
                check(i, 3);
            } catch (Bad e) {
                if (i % 10 == 0) {
                    KEPT.add(e);
                }
                lines += e.getMessage().length();
            }
        }
        System.out.println(lines + " " + KEPT.size());
    }

    static void check(int n, int depth) throws Bad {
        if (depth == 0) {
            throw new Bad(n);
        }
        check(n, depth - 1);
    }
}
