package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The concurrent tee gives both consumers every event in order, and reports what the plain {@link TeeEvents}
 * reports: the checker's error for the earliest event it rejects, before any later failure of the source, and
 * the source's own failure when the checker rejected nothing. On random event streams of up to several batches.
 */
class ConcurrentTeeTest {
    /** A source that sends {@code events} and then, if {@code failure} is set, throws it. */
    private record Source(List<Consumer<TraceEvents>> events, Exception failure) implements TraceSource {
        @Override
        public void replay(TraceEvents out) throws IOException {
            for (Consumer<TraceEvents> e : events) {
                e.accept(out);
            }
            if (failure instanceof IOException io) {
                throw io;
            }
            if (failure instanceof RuntimeException r) {
                throw r;
            }
        }

        @Override
        public String describe() {
            return "random events";
        }

        @Override
        public double progress() {
            return 0;
        }
    }

    /** A random stream that a checker accepts: allocations, then stores and roots of objects allocated before. */
    private static List<Consumer<TraceEvents>> validEvents(Random random, int count) {
        List<Consumer<TraceEvents>> events = new ArrayList<>();
        long objects = 0;
        for (int i = 0; i < count; i++) {
            int thread = random.nextInt(3);
            long id = objects == 0 ? 0 : 1 + random.nextInt((int) Math.min(objects, Integer.MAX_VALUE));
            int kind = objects == 0 ? 0 : random.nextInt(9);
            switch (kind) {
                case 0, 1, 2 -> {
                    long object = ++objects;
                    int slots = 4;
                    int type = random.nextInt(5);
                    long bytes = 16 + 8L * random.nextInt(10);
                    events.add(out -> out.alloc(thread, object, bytes, slots, type));
                }
                case 3 -> {
                    long target = random.nextBoolean() ? 0 : id;
                    long source = 1 + random.nextInt((int) objects);
                    int slot = random.nextInt(4);
                    // a store into an object only while it is held, so that the streaming heap keeps it
                    events.add(out -> out.global(0, source));
                    events.add(out -> out.write(thread, source, slot, target));
                    events.add(out -> out.global(0, 0));
                }
                case 4 -> {
                    int slot = random.nextInt(8);
                    events.add(out -> out.global(1 + slot, id));
                }
                case 5 -> {
                    String name = "Type" + random.nextInt(1000);
                    int type = random.nextInt(5);
                    events.add(out -> out.type(type, name));
                }
                case 6 -> events.add(TraceEvents::collect);
                case 7 -> events.add(TraceEvents::perfectPoint);
                default -> {
                    int slot = random.nextInt(8);
                    events.add(out -> out.root(thread, slot, 0));
                }
            }
        }
        return events;
    }

    @Test
    void bothConsumersGetEveryEventInOrder() throws IOException {
        Random random = new Random(32);
        for (int round = 0; round < 20; round++) {
            int count = random.nextInt(3 * ConcurrentTee.EVENTS);
            Source source = new Source(validEvents(random, count), null);
            RecordingEvents expected = new RecordingEvents();
            source.replay(expected);
            RecordingEvents first = new RecordingEvents();
            RecordingEvents second = new RecordingEvents();
            ConcurrentTee.replay(source, first, second);
            assertEquals(expected.events(), first.events(), "round " + round);
            assertEquals(expected.events(), second.events(), "round " + round);
        }
    }

    @Test
    void theCheckersErrorForTheEarliestBadEventIsReportedAsTheTeeReportsIt() throws IOException {
        Random random = new Random(37);
        for (int round = 0; round < 40; round++) {
            List<Consumer<TraceEvents>> events = validEvents(random, 1 + random.nextInt(3 * ConcurrentTee.EVENTS));
            int bad = random.nextInt(events.size() + 1);
            long never = Long.MAX_VALUE / 2;
            events.add(bad, random.nextBoolean() ? out -> out.root(0, 0, never) : out -> out.alloc(0, 1, 16, 0, 0));
            Exception later = switch (random.nextInt(3)) {
                case 0 -> new IOException("the source broke after the bad event");
                case 1 -> new TraceException("a later record of the source");
                default -> null;
            };
            Source source = new Source(events, later);
            TraceException plain = assertThrows(TraceException.class,
                    () -> source.replay(new TeeEvents(new StreamingShadowHeap(), new RecordingEvents())));
            TraceException concurrent = assertThrows(TraceException.class,
                    () -> ConcurrentTee.replay(source, new StreamingShadowHeap(), new RecordingEvents()));
            assertEquals(plain.getMessage(), concurrent.getMessage(), "round " + round + ", bad event " + bad);
        }
    }

    /**
     * {@code record}'s arrangement: the writer behind the check on the checking thread, nothing on the feeding
     * one. The writer gets exactly what the plain tee's writer gets (every event before the first rejected
     * one, in order), and the error is the plain tee's; with no bad event, every event.
     */
    @Test
    void aWriterBehindTheCheckOnItsThreadGetsWhatThePlainTeesWriterGets() {
        Random random = new Random(43);
        for (int round = 0; round < 40; round++) {
            List<Consumer<TraceEvents>> events = validEvents(random, 1 + random.nextInt(3 * ConcurrentTee.EVENTS));
            boolean bad = round % 4 != 0;
            if (bad) {
                long never = Long.MAX_VALUE / 2;
                events.add(random.nextInt(events.size() + 1), out -> out.write(0, never, 0, 0));
            }
            Source source = new Source(events, null);
            RecordingEvents plainWriter = new RecordingEvents();
            RecordingEvents asideWriter = new RecordingEvents();
            Executable plain = () -> source.replay(new TeeEvents(new StreamingShadowHeap(), plainWriter));
            Executable aside = () -> ConcurrentTee.replay(source, new TeeEvents(new StreamingShadowHeap(), asideWriter),
                    new IgnoringEvents() { });
            if (bad) {
                assertEquals(assertThrows(TraceException.class, plain).getMessage(),
                        assertThrows(TraceException.class, aside).getMessage(), "round " + round);
            } else {
                assertDoesNotThrow(plain);
                assertDoesNotThrow(aside);
            }
            assertEquals(plainWriter.events(), asideWriter.events(), "round " + round);
        }
    }

    /** Stage {@code stage} (of a pipeline), which throws at its {@code at}-th event (counting from 0; never when negative). */
    private static final class Breaker extends IgnoringEvents {
        private final int stage;
        private final int at;
        private int seen;

        Breaker(int stage, int at) {
            this.stage = stage;
            this.at = at;
        }

        private void tick() {
            if (seen++ == at) {
                throw new TraceException("stage " + stage + " broke at its event " + at);
            }
        }

        @Override
        public void type(int typeId, String name) {
            tick();
        }

        @Override
        public void weakSlot(int typeId, int slot) {
            tick();
        }

        @Override
        public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
            tick();
        }

        @Override
        public void write(int thread, long source, int slot, long target) {
            tick();
        }

        @Override
        public void root(int thread, int rootSlot, long target) {
            tick();
        }

        @Override
        public void global(int rootSlot, long target) {
            tick();
        }

        @Override
        public void death(long object) {
            tick();
        }

        @Override
        public void perfectPoint() {
            tick();
        }

        @Override
        public void collect() {
            tick();
        }
    }

    /**
     * {@code record}'s check, then its writer, each on a thread of its own ({@link ConcurrentTee#pipeline}), and
     * pipelines of two and three stages: the error is the one a chain of plain tees throws, whichever stage rejects
     * first (the check a bad event, a later stage its k-th event) and in whichever batch; the stage that
     * rejected it and every stage after it get exactly what they get in the chain (every event before the
     * rejected one, in order: a writer behind the check writes nothing the check rejected), and a stage
     * before it at least that (it may have run ahead of a later stage's failure, as the second consumer may).
     */
    @Test
    void aPipelineOfStagesGetsAndReportsWhatAChainOfTeesDoes() {
        Random random = new Random(47);
        for (int round = 0; round < 60; round++) {
            List<Consumer<TraceEvents>> events = validEvents(random, 1 + random.nextInt(4 * ConcurrentTee.EVENTS));
            if (random.nextBoolean()) {
                long never = Long.MAX_VALUE / 2;
                events.add(random.nextInt(events.size() + 1), out -> out.write(0, never, 0, 0));
            }
            int later = 1 + random.nextInt(2); // stages after the check
            int[] breakAt = new int[later];
            for (int i = 0; i < later; i++) {
                breakAt[i] = random.nextInt(3) == 0 ? -1 : random.nextInt(events.size() + 1);
            }
            Source source = new Source(events, null);
            List<RecordingEvents> plainSeen = new ArrayList<>();
            List<RecordingEvents> pipedSeen = new ArrayList<>();
            TraceEvents chain = null;
            List<TraceEvents> stages = new ArrayList<>();
            stages.add(new StreamingShadowHeap());
            for (int i = later - 1; i >= 0; i--) {
                RecordingEvents seen = new RecordingEvents();
                plainSeen.add(0, seen);
                TraceEvents stage = new TeeEvents(seen, new Breaker(i + 2, breakAt[i]));
                chain = chain == null ? stage : new TeeEvents(stage, chain);
            }
            for (int i = 0; i < later; i++) {
                RecordingEvents seen = new RecordingEvents();
                pipedSeen.add(seen);
                stages.add(new TeeEvents(seen, new Breaker(i + 2, breakAt[i])));
            }
            TraceEvents plainChain = new TeeEvents(new StreamingShadowHeap(), chain);
            TraceException plain = null;
            try {
                source.replay(plainChain);
            } catch (TraceException e) {
                plain = e;
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            TraceException piped = null;
            try {
                ConcurrentTee.pipeline(source, stages, new IgnoringEvents() { });
            } catch (TraceException e) {
                piped = e;
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            String what = "round " + round + ", " + later + " stages after the check";
            assertEquals(plain == null ? null : plain.getMessage(), piped == null ? null : piped.getMessage(), what);
            int rejecting = plain == null ? Integer.MAX_VALUE : plain.getMessage().startsWith("stage ")
                    ? Integer.parseInt(plain.getMessage().split(" ")[1]) : 1;
            for (int i = 0; i < later; i++) {
                List<String> expected = plainSeen.get(i).events();
                List<String> got = pipedSeen.get(i).events();
                if (i + 2 >= rejecting) {
                    assertEquals(expected, got, what + ", stage " + (i + 2));
                } else {
                    assertEquals(expected, got.subList(0, Math.min(got.size(), expected.size())), what + ", stage " + (i + 2));
                }
            }
        }
    }

    @Test
    void theSourcesOwnFailureIsReportedWhenTheCheckerRejectsNothing() {
        Random random = new Random(41);
        IOException broken = new IOException("disk gone");
        Source source = new Source(validEvents(random, 2 * ConcurrentTee.EVENTS + 5), broken);
        IOException thrown = assertThrows(IOException.class,
                () -> ConcurrentTee.replay(source, new StreamingShadowHeap(), new RecordingEvents()));
        assertSame(broken, thrown);
    }
}
