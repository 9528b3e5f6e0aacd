import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Producer-consumer, three threads and main: a producer thread makes 3,000 seeded batches of 200 readings
 * (a small object with a sensor name and a {@code double[]} of samples) and puts them in an
 * {@code ArrayBlockingQueue} of 8; two consumer threads take batches, summarise each into per-sensor
 * statistics in a HashMap of their own and pass a summary (a list of strings and a {@code long[]}) on
 * through a {@code LinkedBlockingQueue}; a {@code synchronized} counter of processed readings, a
 * {@code wait}/{@code notify} gate that holds the producer until both consumers have started, and a
 * {@code CountDownLatch} that main waits on. Main takes the summaries, folds them into totals and keeps
 * the last 400. ~287 MB.
 */
public class Handoff {
    record Reading(String sensor, long time, double[] samples) {
    }

    record Summary(int batch, List<String> lines, long[] counts) {
    }

    static final Object GATE = new Object();
    static int started;
    static long processed;

    static synchronized void addProcessed(long n) {
        processed += n;
    }

    static final List<Reading> END = new ArrayList<>();

    public static void main(String[] args) throws InterruptedException {
        ArrayBlockingQueue<List<Reading>> batches = new ArrayBlockingQueue<>(8);
        LinkedBlockingQueue<Summary> summaries = new LinkedBlockingQueue<>();
        CountDownLatch done = new CountDownLatch(2);
        Thread producer = new Thread(() -> produce(batches), "producer");
        List<Thread> consumers = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            Thread consumer = new Thread(() -> {
                consume(batches, summaries);
                done.countDown();
            }, "consumer-" + c);
            consumers.add(consumer);
            consumer.start();
        }
        producer.start();
        ArrayList<Summary> kept = new ArrayList<>();
        long total = 0;
        int received = 0;
        while (received < 3_000) {
            Summary s = summaries.take();
            received++;
            for (long c : s.counts()) {
                total += c;
            }
            kept.add(s);
            if (kept.size() > 400) {
                kept.remove(0);
            }
        }
        done.await();
        producer.join();
        for (Thread t : consumers) {
            t.join();
        }
        long lines = 0;
        for (Summary s : kept) {
            lines += s.lines().size();
        }
        System.err.println("processed " + processed + " total " + total + " kept lines " + lines);
    }

    static void produce(ArrayBlockingQueue<List<Reading>> batches) {
        try {
            synchronized (GATE) {
                while (started < 2) {
                    GATE.wait();
                }
            }
            Random random = new Random(43);
            for (int b = 0; b < 3_000; b++) {
                List<Reading> batch = new ArrayList<>(200);
                for (int i = 0; i < 200; i++) {
                    double[] samples = new double[4 + random.nextInt(16)];
                    for (int s = 0; s < samples.length; s++) {
                        samples[s] = random.nextGaussian();
                    }
                    batch.add(new Reading("sensor-" + random.nextInt(300), (long) b * 200 + i, samples));
                }
                batches.put(batch);
            }
            batches.put(END);
            batches.put(END);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    static void consume(ArrayBlockingQueue<List<Reading>> batches, LinkedBlockingQueue<Summary> summaries) {
        synchronized (GATE) {
            started++;
            GATE.notifyAll();
        }
        HashMap<String, double[]> stats = new HashMap<>();
        try {
            int n = 0;
            while (true) {
                List<Reading> batch = batches.take();
                if (batch == END) {
                    return;
                }
                HashMap<String, double[]> local = new HashMap<>();
                for (Reading r : batch) {
                    double sum = 0;
                    for (double v : r.samples()) {
                        sum += v;
                    }
                    double[] s = local.computeIfAbsent(r.sensor(), k -> new double[3]);
                    s[0] += 1;
                    s[1] += sum;
                    s[2] = Math.max(s[2], sum);
                    stats.merge(r.sensor(), s.clone(), (a, b) -> new double[] {a[0] + b[0], a[1] + b[1], 0});
                }
                List<String> lines = new ArrayList<>();
                long[] counts = new long[4];
                for (var e : local.entrySet()) {
                    if (e.getValue()[2] > 2.5) {
                        lines.add(e.getKey() + " peak " + String.valueOf(e.getValue()[2]).substring(0, 4));
                    }
                    counts[(int) (e.getValue()[0]) & 3]++;
                }
                addProcessed(batch.size());
                summaries.put(new Summary(n++, lines, counts));
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
