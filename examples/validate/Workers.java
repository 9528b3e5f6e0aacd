import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Multi-threaded: four threads, each with its own seed, build and drop maps of boxed keys and small lists. */
public class Workers {
    public static void main(String[] args) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        long[] results = new long[4];
        for (int t = 0; t < 4; t++) {
            int id = t;
            threads.add(new Thread(() -> {
                Random random = new Random(100 + id);
                Map<Integer, List<Integer>> map = new HashMap<>();
                long sum = 0;
                for (int i = 0; i < 300_000; i++) {
                    map.computeIfAbsent(random.nextInt(5000), k -> new ArrayList<>()).add(i);
                    if (i % 50_000 == 0) {
                        sum += map.size();
                        map = new HashMap<>();
                    }
                }
                results[id] = sum + map.size();
            }));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println(results[0] + results[1] + results[2] + results[3]);
    }
}
