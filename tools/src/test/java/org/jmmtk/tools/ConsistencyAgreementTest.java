package org.jmmtk.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.jmmtk.bindings.trace.StreamingShadowHeap;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every consumer of a trace rejects an inconsistent one alike: random valid traces (every object kept
 * reachable, so that no check that depends on collections can fire) get one defect of each class that
 * does not depend on collections, at many random positions, and {@code run} (one and two mutator
 * threads), {@code trace stats}, {@code lifetimes} (Merlin and brute force) and the streaming shadow heap
 * of {@code trace import} (which imports foreign formats only, so it is given the trace directly) must
 * all exit 2 with the message the test expects: the file, the line of the defect and its reason. The
 * same traces converted to binary must be rejected alike too (with the record's byte offset). A
 * rejected trace never leaves a {@code .maxlive} cache.
 */
class ConsistencyAgreementTest {
    private static final int POSITIONS = Integer.getInteger("consistency.positions", 6);

    @TempDir
    Path dir;

    private enum Defect {
        DUPLICATE_ID, STORE_INTO_UNALLOCATED, STORE_OF_UNALLOCATED, ROOT_TO_UNALLOCATED, GLOBAL_TO_UNALLOCATED,
        SLOT_OUT_OF_RANGE, FIELD_RANGE, TOO_MANY_THREADS, DEATH_OF_UNALLOCATED, SECOND_DEATH, ROOT_HELD_AT_END
    }

    /**
     * The index in {@link #messages} of the replay with two mutator threads, which finds a root held at a
     * thread's end on the mutator thread that runs the thread's records, where it names the record's number
     * rather than its line or byte (as for every check made there).
     */
    private static final int PARALLEL = 1;

    /** An object of the valid trace: its id and slot count. */
    private record Obj(long id, int slots) {
    }

    /** A trace as lines after the header, with the defect's line (counted from 1, the header) and reason. */
    private record Faulty(List<String> lines, int line, String reason) {
    }

    @Test
    void everyConsumerRejectsEveryDefectAlike() throws IOException {
        int n = 0;
        for (Defect d : Defect.values()) {
            int positions = d == Defect.TOO_MANY_THREADS ? 2 : POSITIONS;
            for (int k = 0; k < positions; k++) {
                long seed = 1000L * d.ordinal() + k;
                Faulty f = inject(d, new Random(seed));
                Path text = dir.resolve("t" + n++ + ".trace");
                StringBuilder body = new StringBuilder("#jmmtk-trace 2\n");
                for (String l : f.lines) {
                    body.append(l).append('\n');
                }
                TraceText.write(text, body.toString());
                String expected = "jmmtk: " + text + ":" + f.line + ": " + f.reason;
                String context = d + " seed " + seed;
                List<String> text0 = messages(text, context);
                for (int i = 0; i < text0.size(); i++) {
                    boolean byRecord = d == Defect.ROOT_HELD_AT_END && i == PARALLEL;
                    assertEquals(byRecord ? "jmmtk: " + text + ": record " + (f.line - 1) + ": " + f.reason : expected,
                            text0.get(i), context);
                }
                if (d != Defect.FIELD_RANGE) {
                    Path binary = dir.resolve("b" + n + ".jtb");
                    Cli.Result c = Cli.run("trace", "convert", text.toString(), "-o", binary.toString(), "--binary");
                    assertEquals(0, c.code(), c.err());
                    List<String> all = messages(binary, context + " (binary)");
                    for (int i = 0; i < all.size(); i++) {
                        if (d != Defect.ROOT_HELD_AT_END || i != PARALLEL) {
                            assertEquals(all.get(0), all.get(i), context + " (binary)");
                        }
                    }
                    assertTrue(all.get(0).matches("jmmtk: " + java.util.regex.Pattern.quote(binary.toString())
                            + ": byte [0-9]+: " + java.util.regex.Pattern.quote(f.reason)), all.get(0));
                }
            }
        }
    }

    /** What each consumer says about {@code file}, which it must reject with exit 2 in one line. */
    private List<String> messages(Path file, String context) throws IOException {
        String f = file.toString();
        List<String[]> commands = List.of(
                new String[] {"run", "--trace", f, "--plan", "marksweep", "--heap", "64m", "--mutator-threads", "1"},
                new String[] {"run", "--trace", f, "--plan", "marksweep", "--heap", "64m", "--mutator-threads", "2"},
                new String[] {"trace", "stats", f},
                new String[] {"lifetimes", f, "-o", dir.resolve("perfect.trace").toString()},
                new String[] {"lifetimes", f, "-o", dir.resolve("perfect.trace").toString(), "--method", "bruteforce"});
        List<String> messages = new ArrayList<>();
        for (String[] args : commands) {
            Cli.Result r = Cli.run(args);
            String what = context + ": " + String.join(" ", args);
            assertEquals(2, r.code(), what + ": " + r.err());
            assertEquals(1, r.errLines().size(), what + ": " + r.err());
            messages.add(r.errLines().get(0));
        }
        assertFalse(Files.exists(Path.of(f + ".maxlive")), context + ": trace stats cached a figure for a rejected trace");
        try {
            TraceFormat.open(file).replay(new StreamingShadowHeap());
            fail(context + ": the import's shadow heap accepted the trace");
        } catch (TraceException e) {
            messages.add("jmmtk: " + e.getMessage());
        }
        return messages;
    }

    /** A random valid trace with one defect of class {@code d} at a random position. */
    private static Faulty inject(Defect d, Random random) {
        List<String> valid = new ArrayList<>();
        List<List<Obj>> before = new ArrayList<>();
        List<Obj> objects = new ArrayList<>();
        int threads = 1 + random.nextInt(3);
        int globals = 0;
        long nextId = 1;
        int records = 40 + random.nextInt(120);
        List<Long> dead = new ArrayList<>();
        while (valid.size() < records) {
            before.add(List.copyOf(objects));
            int t = random.nextInt(threads);
            int kind = objects.isEmpty() ? 0 : random.nextInt(6);
            switch (kind) {
                case 0, 1 -> {
                    Obj o = new Obj(nextId, random.nextInt(4));
                    nextId += 1 + (random.nextInt(4) == 0 ? random.nextInt(1000) : 0);
                    objects.add(o);
                    valid.add("A " + t + " " + o.id + " " + (16 + 8 * o.slots + random.nextInt(40)) + " " + o.slots);
                    // every object stays reachable: no check that depends on collections can fire
                    before.add(List.copyOf(objects));
                    valid.add("G " + globals++ + " " + o.id);
                }
                case 2 -> {
                    Obj src = pick(objects, random);
                    if (src.slots > 0) {
                        valid.add("W " + t + " " + src.id + " " + random.nextInt(src.slots) + " "
                                + (random.nextInt(4) == 0 ? 0 : pick(objects, random).id));
                    } else {
                        valid.add("C");
                    }
                }
                case 3 -> valid.add("R " + t + " " + random.nextInt(5) + " " + pick(objects, random).id);
                case 4 -> {
                    Obj o = pick(objects, random);
                    if (!dead.contains(o.id)) {
                        dead.add(o.id);
                        valid.add("D " + o.id);
                    } else {
                        valid.add("P");
                    }
                }
                default -> valid.add("R " + t + " " + random.nextInt(5) + " 0");
            }
        }
        long never = nextId + 5000 + random.nextInt(1000);
        // a position with at least one object before it
        int p = 1 + random.nextInt(valid.size() - 1);
        List<Obj> live = before.get(p);
        Obj o = pick(live, random);
        List<String> lines = new ArrayList<>(valid.subList(0, p));
        int t = random.nextInt(threads);
        String reason;
        switch (d) {
            case DUPLICATE_ID -> {
                lines.add("A " + t + " " + o.id + " 24 1");
                reason = "duplicate object id " + o.id;
            }
            case STORE_INTO_UNALLOCATED -> {
                lines.add("W " + t + " " + never + " 0 " + o.id);
                reason = "store into object " + never + ", which was never allocated";
            }
            case STORE_OF_UNALLOCATED -> {
                Obj src = null;
                for (Obj c : live) {
                    if (c.slots > 0) {
                        src = c;
                    }
                }
                lines.add(src == null ? "R " + t + " 0 " + never : "W " + t + " " + src.id + " 0 " + never);
                reason = (src == null ? "root reference to object " : "reference to object ") + never
                        + ", which was never allocated";
            }
            case ROOT_TO_UNALLOCATED -> {
                lines.add("R " + t + " " + random.nextInt(100) + " " + never);
                reason = "root reference to object " + never + ", which was never allocated";
            }
            case GLOBAL_TO_UNALLOCATED -> {
                lines.add("G " + random.nextInt(100) + " " + never);
                reason = "global reference to object " + never + ", which was never allocated";
            }
            case SLOT_OUT_OF_RANGE -> {
                int slot = o.slots + random.nextInt(3);
                lines.add("W " + t + " " + o.id + " " + slot + " 0");
                reason = "slot " + slot + " is out of range: object " + o.id + " has " + o.slots + " reference slots";
            }
            case FIELD_RANGE -> {
                switch (random.nextInt(3)) {
                    case 0 -> {
                        lines.add("R " + t + " 1048576 0");
                        reason = "root slot 1048576 is out of range 0..1048575";
                    }
                    case 1 -> {
                        lines.add("A " + t + " " + never + " 0 0");
                        reason = "size 0 is out of range 1..68719476735";
                    }
                    default -> {
                        lines.add("A " + t + " " + never + " 24 16777216");
                        reason = "reference slot count 16777216 is out of range 0..16777215";
                    }
                }
            }
            case TOO_MANY_THREADS -> {
                java.util.Set<String> seen = new java.util.HashSet<>();
                for (String l : lines) {
                    if (l.startsWith("A ") || l.startsWith("W ") || l.startsWith("R ")) {
                        seen.add(l.split(" ")[1]);
                    }
                }
                for (int k = seen.size(); k <= TraceFormat.MAX_THREADS; k++) {
                    lines.add("R " + (k * 7 + 1000) + " 0 0");
                }
                reason = "too many threads: a replay supports at most " + TraceFormat.MAX_THREADS;
            }
            case ROOT_HELD_AT_END -> {
                // slot 0 is the lowest: the valid trace's roots use slots 0 to 4
                lines.add("R " + t + " 0 " + o.id);
                lines.add("X " + t);
                reason = "thread " + t + " ended holding object " + o.id + " in root slot 0 (a thread's root slots "
                        + "must be clear at its end)";
            }
            case DEATH_OF_UNALLOCATED -> {
                lines.add("D " + never);
                reason = "death of object " + never + ", which was never allocated";
            }
            case SECOND_DEATH -> {
                // the object's own death records are dropped from the valid trace: the second one is here
                String death = "D " + o.id;
                lines.removeIf(death::equals);
                lines.add(death);
                lines.add(death);
                reason = "a second death record for object " + o.id;
                int line = lines.size() + 1;
                lines.addAll(valid.subList(p, valid.size()).stream().filter(l -> !l.equals(death)).toList());
                return new Faulty(lines, line, reason);
            }
            default -> throw new AssertionError(d);
        }
        int line = lines.size() + 1;
        lines.addAll(valid.subList(p, valid.size()));
        return new Faulty(lines, line, reason);
    }

    private static Obj pick(List<Obj> objects, Random random) {
        return objects.get(random.nextInt(objects.size()));
    }
}
