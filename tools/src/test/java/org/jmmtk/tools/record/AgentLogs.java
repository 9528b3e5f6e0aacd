package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.bindings.trace.BruteForceLifetimes;

/** Generated agent logs for the tests of {@link RecordedTrace}: events in global order, written as the agent writes them. */
final class AgentLogs {
    private AgentLogs() {
    }

    /** One event of a generated log, in global order. */
    record Event(int thread, int kind, long a, long b, long c) {
    }

    /** Writes {@code events} as the agent would: each thread's events in chunks of random length, sequence-numbered. */
    static Path write(List<Event> events, Path log) throws IOException {
        Files.createDirectories(log);
        Map<Integer, List<long[]>> perThread = new TreeMap<>();
        long seq = 0;
        for (Event e : events) {
            int words = EventLog.WORDS[e.kind()];
            long[] w = Arrays.copyOf(new long[] {++seq << EventLog.KIND_BITS | e.kind(), e.a(), e.b(), e.c()}, words);
            perThread.computeIfAbsent(e.thread(), t -> new ArrayList<>()).add(w);
        }
        SplittableRandom r = new SplittableRandom(events.size());
        List<byte[]> chunks = new ArrayList<>();
        for (var t : perThread.entrySet()) {
            List<long[]> list = t.getValue();
            for (int from = 0; from < list.size(); ) {
                int to = Math.min(list.size(), from + 1 + r.nextInt(40));
                int words = list.subList(from, to).stream().mapToInt(w -> w.length).sum();
                ByteBuffer b = ByteBuffer.allocate(8 + 8 * words).order(ByteOrder.LITTLE_ENDIAN);
                b.putInt(t.getKey()).putInt(words);
                for (long[] w : list.subList(from, to)) {
                    for (long x : w) {
                        b.putLong(x);
                    }
                }
                chunks.add(b.array());
                from = to;
            }
        }
        try (var out = Files.newOutputStream(log.resolve(EventLog.EVENTS))) {
            for (byte[] c : chunks) {
                out.write(c);
            }
        }
        Files.writeString(log.resolve(EventLog.TYPES), "1\tNode\n");
        Files.writeString(log.resolve(EventLog.DONE), "objects " + events.size() + "\n");
        return log;
    }

    /** Each object's death point by the brute-force oracle, which also rejects any use of a dead object. */
    static Map<Long, Long> deaths(RecordedTrace trace) throws IOException {
        Map<Long, Long> deaths = new HashMap<>();
        BruteForceLifetimes oracle = new BruteForceLifetimes((id, point) -> assertEquals(null, deaths.put(id, point)));
        trace.replay(oracle);
        oracle.finish();
        return deaths;
    }
}
