import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.Map;
import java.util.Random;
import java.util.Stack;
import java.util.Vector;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Synchronized and copy-on-write collections, single thread: 800 batches of 1,000 seeded events go
 * through a {@code Vector} (walked by an {@code Enumeration}), a {@code Hashtable} of 5,000 per-key
 * {@code StringBuffer} logs (cleared when they pass 400 chars), a {@code Stack} of open scopes, a
 * {@code Collections.synchronizedMap} of boxed counts, a {@code ConcurrentLinkedQueue} of the last
 * 3,000 events, a {@code CopyOnWriteArrayList} of up to 200 listener names (a copy per add, emptied at
 * 200), an {@code AtomicLong} and an {@code AtomicReference} swapped to each batch's summary string.
 * ~220 MB.
 */
public class Legacy {
    record Event(int key, String kind, long value) {
    }

    static final String[] KINDS = {"open", "close", "read", "write", "seek", "flush"};

    public static void main(String[] args) {
        Random random = new Random(41);
        Hashtable<Integer, StringBuffer> logs = new Hashtable<>();
        Map<String, Integer> counts = Collections.synchronizedMap(new HashMap<>());
        ConcurrentLinkedQueue<Event> recent = new ConcurrentLinkedQueue<>();
        CopyOnWriteArrayList<String> listeners = new CopyOnWriteArrayList<>();
        AtomicLong total = new AtomicLong();
        AtomicReference<String> summary = new AtomicReference<>("");
        Stack<String> scopes = new Stack<>();
        int recentSize = 0;
        long check = 0;
        for (int batch = 0; batch < 800; batch++) {
            Vector<Event> events = new Vector<>();
            for (int i = 0; i < 1_000; i++) {
                events.add(new Event(random.nextInt(5_000), KINDS[random.nextInt(KINDS.length)],
                        random.nextInt(1 << 20)));
            }
            Enumeration<Event> e = events.elements();
            while (e.hasMoreElements()) {
                Event ev = e.nextElement();
                StringBuffer log = logs.computeIfAbsent(ev.key(), k -> new StringBuffer());
                log.append(ev.kind()).append('=').append(ev.value()).append(';');
                if (log.length() > 400) {
                    check += log.toString().hashCode() & 0xff;
                    log.setLength(0);
                }
                counts.merge(ev.kind() + "/" + (ev.key() % 50), 1, Integer::sum);
                if (ev.kind().equals("open")) {
                    scopes.push("scope-" + ev.key());
                } else if (ev.kind().equals("close") && !scopes.isEmpty()) {
                    check += scopes.pop().length();
                }
                recent.offer(ev);
                if (++recentSize > 3_000) {
                    recent.poll();
                    recentSize--;
                }
                total.addAndGet(ev.value());
                if (i(ev) % 25 == 0) {
                    listeners.add("listener-" + batch + "-" + ev.key());
                    if (listeners.size() >= 200) {
                        check += listeners.get(random.nextInt(listeners.size())).length();
                        listeners.clear();
                    }
                }
            }
            while (scopes.size() > 500) {
                scopes.remove(0);
            }
            String previous = summary.getAndSet("batch " + batch + " total " + total.get() + " scopes " + scopes.size());
            check += previous.length();
            int size = recentSize;
            summary.updateAndGet(s -> s + " recent " + size);
        }
        System.err.println("check " + check + " logs " + logs.size() + " counts " + counts.size() + " " + summary.get());
    }

    static int i(Event ev) {
        return (int) (ev.value() ^ ev.key());
    }
}
