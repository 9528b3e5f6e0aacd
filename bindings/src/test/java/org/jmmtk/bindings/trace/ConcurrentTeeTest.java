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
