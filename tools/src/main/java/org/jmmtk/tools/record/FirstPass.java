package org.jmmtk.tools.record;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.bindings.trace.ConcurrentTee;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceException;

/**
 * The first pass's reading of the agent's log: each object's last mention (as allocated, stored into,
 * stored or rooted: its event index and operand, see {@link #lastMention}), and every event passed on to
 * the visible-death pass ({@link VisibleDeaths#events}, on the tee's other thread). Fed by {@link AgentLog} once the program
 * ended or by {@link LogFollower} while it runs; used by the thread that reads the log.
 */
final class FirstPass implements AgentLog.Visitor {
    /** The operand of an allocation's or a reference store's object (the {@code a} of its event). */
    static final int SOURCE = 0;
    /** The operand of a store's target: a reference store's, a frame slot's or a static field's value. */
    static final int TARGET = 1;
    private final TraceEvents deaths;
    private final Path where;
    private long[] lastMention = new long[1024];
    private int maxId;
    private long index;
    private long words;

    FirstPass(TraceEvents deaths, Path where) {
        this.deaths = deaths;
        this.where = where;
    }

    @Override
    public void event(int thread, int kind, long a, long b, long c) {
        switch (kind) {
            case EventLog.ALLOC -> {
                mention(a, SOURCE);
                deaths.alloc(thread, a, b, 0, (int) (c & ((1 << EventLog.TYPE_BITS) - 1)));
            }
            case EventLog.WRITE -> {
                mention(a, SOURCE);
                mention(c, TARGET);
                deaths.write(thread, a, (int) b, c);
            }
            case EventLog.ROOT -> {
                mention(b, TARGET);
                deaths.root(thread, (int) a, b);
            }
            case EventLog.GLOBAL -> {
                mention(b, TARGET);
                deaths.global((int) a, b);
            }
            case EventLog.COLLECT -> deaths.collect();
            default -> throw new TraceException(where.toString(), "unknown event kind " + kind);
        }
        index++;
        words += EventLog.WORDS[kind];
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        deaths.weakSlot(typeId, slot);
    }

    /** Events read so far. */
    long events() {
        return index;
    }

    /** Words of events read so far. */
    long words() {
        return words;
    }

    /**
     * Each object's last mention, by id, as {@code (eventIndex + 1) << 1 | operand} ({@link #SOURCE} or
     * {@link #TARGET}; 0 for ids never mentioned); read once the pass is over, and the caller's from then
     * on (the second pass turns it into what it needs in place). Longer than {@link #maxId} needs.
     */
    long[] lastMention() {
        return lastMention;
    }

    /** The highest object id mentioned so far (0: none). */
    int maxId() {
        return maxId;
    }

    /** The event index of a {@link #lastMention} entry (-1 for never mentioned). */
    static long eventOf(long lastMention) {
        return (lastMention >>> 1) - 1;
    }

    /** The operand of a {@link #lastMention} entry. */
    static int operandOf(long lastMention) {
        return (int) (lastMention & 1);
    }

    private void mention(long id, int operand) {
        if (id == 0) {
            return;
        }
        if (id >= Integer.MAX_VALUE - 8) {
            throw new TraceException(where.toString(), "more than 2^31 objects; recordings that large are not supported");
        }
        if (id >= lastMention.length) {
            int n = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(id + 1, 2L * lastMention.length));
            lastMention = Arrays.copyOf(lastMention, n);
        }
        lastMention[(int) id] = (index + 1) << 1 | operand;
        maxId = Math.max(maxId, (int) id);
    }

    /** A first pass read while the program ran, with its visible-death pass, for {@link RecordedTrace#adopt}. */
    record Done(FirstPass pass, VisibleDeaths deaths, boolean pinFromAllocation) {
    }

    /**
     * Runs the first pass on the log as {@code follower} reads it, the visible-death pass on a second
     * thread: returns when the log is finished and read, with what {@link RecordedTrace#replay} would have
     * found on the finished log.
     */
    static Done follow(LogFollower follower, Path logDir, boolean pinFromAllocation) throws IOException {
        VisibleDeaths deaths = new VisibleDeaths(pinFromAllocation);
        FirstPass[] pass = new FirstPass[1];
        ConcurrentTee.replay(toDeaths -> {
            pass[0] = new FirstPass(toDeaths, logDir);
            follower.events(pass[0]);
        }, deaths.events(), new IgnoringEvents() { });
        return new Done(pass[0], deaths, pinFromAllocation);
    }
}
