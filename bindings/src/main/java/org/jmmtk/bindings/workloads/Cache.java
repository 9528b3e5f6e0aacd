package org.jmmtk.bindings.workloads;

import java.util.ArrayDeque;

/**
 * A steady-state cache with churn, run by four mutator threads. Each thread owns a hash table (an
 * array of 1024 bucket slots, large enough to live in the large object space) whose buckets hold
 * chains of at most four entries; every operation inserts a new entry (key and value objects) at
 * the head of a random bucket and drops the oldest entry of a full chain. Entries live for a while,
 * then die: a medium-lifetime workload whose live size stays flat (about 4 MB).
 */
public final class Cache extends Workload {
    private static final int TABLE = 1;
    private static final int ENTRY = 2;
    private static final int KEY = 3;
    private static final int VALUE = 4;
    private static final int THREADS = 4;
    private static final int BUCKETS = 1024;
    private static final int CHAIN = 4;
    private static final long ENTRY_BYTES = objectBytes(3, 8);
    private static final long KEY_BYTES = objectBytes(0, 16);

    private final int operations;

    public Cache(long seed, double scale) {
        super(seed, scale);
        this.operations = scaled(1_000_000);
    }

    @Override
    public String name() {
        return "cache";
    }

    @Override
    protected long plannedBytes() {
        return (long) operations * (ENTRY_BYTES + KEY_BYTES + objectBytes(0, 160));
    }

    @Override
    protected void run() {
        out().type(TABLE, "Entry[]");
        out().type(ENTRY, "Entry");
        out().type(KEY, "Key");
        out().type(VALUE, "Value");
        long[] tables = new long[THREADS];
        @SuppressWarnings({"unchecked", "rawtypes"})
        ArrayDeque<Long>[][] chains = new ArrayDeque[THREADS][BUCKETS];
        for (int t = 0; t < THREADS; t++) {
            tables[t] = alloc(t, objectBytes(BUCKETS, 0), BUCKETS, TABLE);
            root(t, 0, tables[t]);
            for (int b = 0; b < BUCKETS; b++) {
                chains[t][b] = new ArrayDeque<>();
            }
        }
        for (int op = 0; op < operations; op++) {
            int t = op % THREADS;
            int b = random.nextInt(BUCKETS);
            insert(t, tables[t], b, chains[t][b]);
        }
    }

    private void insert(int t, long table, int bucket, ArrayDeque<Long> chain) {
        long entry = alloc(t, ENTRY_BYTES, 3, ENTRY);
        root(t, 1, entry);
        long key = alloc(t, KEY_BYTES, 0, KEY);
        write(t, entry, 0, key);
        long value = alloc(t, objectBytes(0, 32 + 8 * random.nextInt(32)), 0, VALUE);
        write(t, entry, 1, value);
        write(t, entry, 2, chain.isEmpty() ? 0 : chain.peekFirst());
        write(t, table, bucket, entry);
        root(t, 1, 0);
        chain.addFirst(entry);
        if (chain.size() > CHAIN) {
            chain.removeLast();
            write(t, chain.peekLast(), 2, 0);
        }
    }
}
