package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.junit.jupiter.api.Test;

/**
 * {@link FirstPass}'s last mentions (event index and operand, by id) and {@link LastMentions}, the
 * second pass's bits per event made from them, against a brute-force scan of random event sequences:
 * at every event, the source bit is set exactly when the event's source operand (an allocation's or a
 * reference store's object) is never mentioned again, and the target bit exactly when its target (a
 * store's value) is not.
 */
class LastMentionsTest {
    @Test
    void eachEventsBitsSayWhichOfItsOperandsAreLastMentions() {
        for (int seed = 0; seed < 300; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            int events = 1 + r.nextInt(seed % 10 == 0 ? 3 : 400); // a few logs under one bitmap word
            int ids = 1 + r.nextInt(60);
            int[] kind = new int[events];
            long[][] operands = new long[events][]; // {source, target}, 0 for none
            FirstPass pass = new FirstPass(new IgnoringEvents() { }, Path.of("log"));
            for (int i = 0; i < events; i++) {
                long x = r.nextInt(ids + 1); // 0: null, as a store's value may be
                long y = r.nextInt(ids + 1);
                kind[i] = 1 + r.nextInt(4);
                switch (kind[i]) {
                    case EventLog.ALLOC -> {
                        x = Math.max(1, x);
                        operands[i] = new long[] {x, 0};
                        pass.event(r.nextInt(3), EventLog.ALLOC, x, 16, 0);
                    }
                    case EventLog.WRITE -> {
                        x = Math.max(1, x);
                        operands[i] = new long[] {x, r.nextInt(8) == 0 ? x : y}; // sometimes a store into itself
                        pass.event(r.nextInt(3), EventLog.WRITE, x, r.nextInt(4), operands[i][1]);
                    }
                    case EventLog.ROOT -> {
                        operands[i] = new long[] {0, y};
                        pass.event(r.nextInt(3), EventLog.ROOT, r.nextInt(8), y, 0);
                    }
                    default -> {
                        operands[i] = new long[] {0, y};
                        pass.event(0, EventLog.GLOBAL, r.nextInt(4), y, 0);
                    }
                }
            }
            LastMentions last = new LastMentions(pass.lastMention(), pass.maxId(), pass.events());
            for (int i = 0; i < events; i++) {
                int expected = 0;
                for (int operand = 0; operand < 2; operand++) {
                    long id = operands[i][operand];
                    if (id != 0 && !mentionedAfter(operands, i, operand, id)) {
                        expected |= 1 << operand;
                    }
                }
                assertEquals(expected, last.at(i), "seed " + seed + ", event " + i + " of kind " + kind[i]);
            }
        }
    }

    /** Whether {@code id} is mentioned after operand {@code operand} of event {@code event} (a store into itself: its target). */
    private static boolean mentionedAfter(long[][] operands, int event, int operand, long id) {
        if (operand == FirstPass.SOURCE && operands[event][FirstPass.TARGET] == id) {
            return true;
        }
        for (int j = event + 1; j < operands.length; j++) {
            if (operands[j][0] == id || operands[j][1] == id) {
                return true;
            }
        }
        return false;
    }
}
