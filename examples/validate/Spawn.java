import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Short-lived threads: 3,000 tasks, each run on a {@code new Thread} that main starts and joins (two
 * running at a time); each task sets up a {@code ThreadLocal<StringBuilder>} and a
 * {@code ThreadLocal<int[]>} (an {@code initialValue} per thread), builds 300 seeded strings of 20-80
 * chars through them, sorts a histogram and leaves a result object; main keeps the result of one task
 * in 25 (120 in all) with its longest string. Threads, their ThreadLocal maps and names die with the
 * task. ~137 MB.
 */
public class Spawn {
    record Result(int task, String longest, int[] histogram) {
    }

    static final ThreadLocal<StringBuilder> BUILDER = ThreadLocal.withInitial(() -> new StringBuilder(128));
    static final ThreadLocal<int[]> HISTOGRAM = ThreadLocal.withInitial(() -> new int[64]);

    static final class Task implements Runnable {
        final int id;
        Result result;

        Task(int id) {
            this.id = id;
        }

        @Override
        public void run() {
            Random random = new Random(1_000L + id);
            StringBuilder b = BUILDER.get();
            int[] histogram = HISTOGRAM.get();
            String longest = "";
            List<String> made = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                b.setLength(0);
                int len = 20 + random.nextInt(61);
                for (int c = 0; c < len; c++) {
                    b.append((char) ('a' + random.nextInt(26)));
                }
                String s = b.toString();
                made.add(s);
                histogram[s.hashCode() & 63]++;
                if (s.length() > longest.length()) {
                    longest = s;
                }
            }
            made.sort(null);
            int[] sorted = histogram.clone();
            java.util.Arrays.sort(sorted);
            result = new Result(id, longest + "/" + made.get(0), sorted);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        List<Result> kept = new ArrayList<>();
        long check = 0;
        for (int t = 0; t < 3_000; t += 2) {
            Task a = new Task(t);
            Task b = new Task(t + 1);
            Thread ta = new Thread(a, "task-" + t);
            Thread tb = new Thread(b, "task-" + (t + 1));
            ta.start();
            tb.start();
            ta.join();
            tb.join();
            for (Task done : new Task[] {a, b}) {
                check += done.result.histogram()[63] + done.result.longest().length();
                if (done.id % 25 == 0) {
                    kept.add(done.result);
                }
            }
        }
        System.err.println("check " + check + " kept " + kept.size());
    }
}
