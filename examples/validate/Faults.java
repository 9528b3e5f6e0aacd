import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Random;

/**
 * Exceptions with stack traces, single thread: 150,000 seeded order lines ("id=..;qty=..;price=..;sku=..")
 * checked by a recursive-descent validator that throws about one line in ten: a custom checked
 * {@code ValidationException} for a missing or unknown field, {@code NumberFormatException} from
 * {@code Integer.parseInt} on a garbled number, and an out-of-range quantity wrapped as a
 * {@code ValidationException} with the {@code NumberFormatException} as its cause. Every exception is
 * thrown from a few frames deep, so {@code fillInStackTrace} records a backtrace (which the JVM
 * allocates itself, not in bytecode); the last 2,000 failures are kept in an error log with their
 * exceptions, one in eight with {@code getStackTrace()} materialised; valid lines go to per-sku totals
 * in a HashMap. ~325 MB.
 */
public class Faults {
    static final class ValidationException extends Exception {
        final int line;

        ValidationException(String message, int line) {
            super(message);
            this.line = line;
        }

        ValidationException(String message, int line, Throwable cause) {
            super(message, cause);
            this.line = line;
        }
    }

    record Failure(int line, String input, Exception error, StackTraceElement[] trace) {
    }

    record Order(int id, int qty, int priceCents, String sku) {
    }

    static final String[] SKUS = {"apple", "pear", "plum", "fig", "kiwi", "lime", "date", "quince"};

    public static void main(String[] args) {
        Random random = new Random(71);
        ArrayDeque<Failure> errorLog = new ArrayDeque<>();
        HashMap<String, long[]> totals = new HashMap<>();
        int failures = 0;
        int chained = 0;
        for (int n = 0; n < 150_000; n++) {
            String input = line(random, n);
            try {
                Order order = parse(input, n);
                long[] t = totals.computeIfAbsent(order.sku(), k -> new long[2]);
                t[0] += order.qty();
                t[1] += (long) order.qty() * order.priceCents();
            } catch (ValidationException | NumberFormatException e) {
                failures++;
                if (e.getCause() != null) {
                    chained++;
                }
                StackTraceElement[] trace = failures % 8 == 0 ? e.getStackTrace() : null;
                errorLog.addLast(new Failure(n, input, e, trace));
                if (errorLog.size() > 2_000) {
                    errorLog.removeFirst();
                }
            }
        }
        long check = 0;
        for (Failure f : errorLog) {
            check += f.line() + f.error().getMessage().length() + (f.trace() == null ? 0 : f.trace().length);
        }
        for (long[] t : totals.values()) {
            check += t[0] + t[1];
        }
        System.err.println("failures " + failures + " chained " + chained + " kept " + errorLog.size()
                + " check " + check);
    }

    static String line(Random random, int n) {
        int fault = random.nextInt(30);
        StringBuilder b = new StringBuilder(64);
        b.append("id=").append(n);
        b.append(";qty=");
        if (fault == 0) {
            b.append(random.nextInt(50)).append('x');
        } else if (fault == 1) {
            b.append(50_000 + random.nextInt(50_000));
        } else {
            b.append(1 + random.nextInt(99));
        }
        if (fault != 2) {
            b.append(";price=").append(random.nextInt(10_000) / 100.0);
        }
        b.append(";sku=").append(SKUS[random.nextInt(SKUS.length)]);
        if (random.nextInt(4) == 0) {
            b.append(";note=").append(Long.toHexString(random.nextLong()));
        }
        return b.toString();
    }

    static Order parse(String input, int line) throws ValidationException {
        HashMap<String, String> fields = new HashMap<>();
        for (String part : input.split(";")) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                throw new ValidationException("no '=' in " + part, line);
            }
            fields.put(part.substring(0, eq), part.substring(eq + 1));
        }
        return new Order(integer(fields, "id", line), quantity(fields, line), cents(fields, line),
                required(fields, "sku", line));
    }

    static int quantity(HashMap<String, String> fields, int line) throws ValidationException {
        int qty = integer(fields, "qty", line);
        if (qty > 10_000) {
            try {
                Short.parseShort(required(fields, "qty", line));
            } catch (NumberFormatException e) {
                throw new ValidationException("quantity out of range at line " + line, line, e);
            }
            throw new ValidationException("quantity too large at line " + line, line);
        }
        return qty;
    }

    static int cents(HashMap<String, String> fields, int line) throws ValidationException {
        String price = required(fields, "price", line);
        int dot = price.indexOf('.');
        if (dot < 0) {
            return Integer.parseInt(price) * 100;
        }
        String frac = (price.substring(dot + 1) + "00").substring(0, 2);
        return Integer.parseInt(price.substring(0, dot)) * 100 + Integer.parseInt(frac);
    }

    static int integer(HashMap<String, String> fields, String name, int line) throws ValidationException {
        return Integer.parseInt(required(fields, name, line));
    }

    static String required(HashMap<String, String> fields, String name, int line) throws ValidationException {
        String value = fields.get(name);
        if (value == null) {
            throw new ValidationException("missing field '" + name + "' at line " + line, line);
        }
        return value;
    }
}
