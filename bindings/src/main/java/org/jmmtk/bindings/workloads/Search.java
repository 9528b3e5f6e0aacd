package org.jmmtk.bindings.workloads;

/**
 * A text-search server in the spirit of DaCapo's lusearch, for mutator scalability: one thread first
 * builds a shared, long-lived index (a term table of 2048 slots in the large object space, one
 * posting list per term, 8,000 documents held 64 to an object; index and queries scale together), reachable from global roots; then eight query threads
 * each run independent queries against it. A query allocates fast and almost only short-lived
 * objects of its own (the query and its terms, a hit per matching posting pointing at a document of
 * the index, a score array, the top documents and their result strings), keeps them in its own root
 * slots and drops them all when it ends. Query threads never store into objects another thread made
 * (they only point at the index), so the threads hardly ever wait for each other; their queries
 * interleave in the trace a few at a time. {@code 12,000 x scale} queries; at scale 1 about 1.4 MB
 * stays live.
 */
public final class Search extends Workload {
    private static final int INDEX = 1;
    private static final int POSTINGS = 2;
    private static final int DOCUMENT = 3;
    private static final int QUERY = 4;
    private static final int TERM = 5;
    private static final int HIT = 6;
    private static final int SCORES = 7;
    private static final int RESULT = 8;
    private static final int QUERY_THREADS = 8;
    private static final int POSTINGS_PER_TERM = 24;

    private final int queries;
    private final int termCount;
    private final int documentCount;

    public Search(long seed, double scale) {
        super(seed, scale);
        this.queries = scaled(12_000);
        this.termCount = Math.max(64, scaled(2048));
        this.documentCount = Math.max(256, scaled(8_000));
    }

    @Override
    public String name() {
        return "search";
    }

    @Override
    protected long plannedBytes() {
        return (long) documentCount * objectBytes(0, 64) + (long) queries * 3_000;
    }

    @Override
    protected void run() {
        out().type(INDEX, "TermTable");
        out().type(POSTINGS, "Postings");
        out().type(DOCUMENT, "Document");
        out().type(QUERY, "Query");
        out().type(TERM, "Term");
        out().type(HIT, "Hit");
        out().type(SCORES, "float[]");
        out().type(RESULT, "String");
        long[][] postings = buildIndex();
        for (int q = 0; q < queries; ) {
            // a few queries of one thread in a row, as a scheduler's time slice would run them
            int thread = 1 + random.nextInt(QUERY_THREADS);
            for (int k = 1 + random.nextInt(3); k > 0 && q < queries; k--, q++) {
                query(thread, postings);
            }
        }
    }

    /** Thread 0 builds the index; returns, per term, the documents of its posting list. */
    private long[][] buildIndex() {
        long index = alloc(0, objectBytes(termCount, 0), termCount, INDEX);
        global(0, index);
        long[] documents = new long[documentCount];
        long holder = 0;
        for (int d = 0; d < documentCount; d++) {
            if (d % 64 == 0) {
                // the store of documents: 64 to a holder, each holder a global root
                holder = alloc(0, objectBytes(64, 0), 64, POSTINGS);
                global(1 + d / 64, holder);
            }
            documents[d] = alloc(0, objectBytes(0, 32 + 8 * random.nextInt(16)), 0, DOCUMENT);
            write(0, holder, d % 64, documents[d]);
        }
        long[][] lists = new long[termCount][POSTINGS_PER_TERM];
        for (int t = 0; t < termCount; t++) {
            long list = alloc(0, objectBytes(POSTINGS_PER_TERM, 0), POSTINGS_PER_TERM, POSTINGS);
            write(0, index, t, list);
            for (int p = 0; p < POSTINGS_PER_TERM; p++) {
                lists[t][p] = documents[random.nextInt(documentCount)];
                write(0, list, p, lists[t][p]);
            }
        }
        return lists;
    }

    /** One query of {@code thread}: everything it allocates is dead when it returns. */
    private void query(int thread, long[][] postings) {
        int terms = 1 + random.nextInt(4);
        long query = alloc(thread, objectBytes(terms, 16), terms, QUERY);
        root(thread, 0, query);
        int hits = 0;
        int[] termIds = new int[terms];
        for (int i = 0; i < terms; i++) {
            termIds[i] = random.nextInt(termCount);
            long term = alloc(thread, objectBytes(0, 24 + 8 * random.nextInt(4)), 0, TERM);
            write(thread, query, i, term);
            hits += 4 + random.nextInt(POSTINGS_PER_TERM - 4);
        }
        long scores = alloc(thread, objectBytes(0, 4 * hits + 16), 0, SCORES);
        root(thread, 1, scores);
        int top = Math.min(10, hits);
        long topDocs = alloc(thread, objectBytes(top, 16), top, HIT);
        root(thread, 2, topDocs);
        for (int h = 0; h < hits; h++) {
            long document = postings[termIds[h % terms]][random.nextInt(POSTINGS_PER_TERM)];
            long hit = alloc(thread, objectBytes(1, 16), 1, HIT);
            write(thread, hit, 0, document);
            if (h < top) {
                write(thread, topDocs, h, hit);
            }
        }
        for (int h = 0; h < top; h++) {
            long result = alloc(thread, objectBytes(0, 40 + 8 * random.nextInt(12)), 0, RESULT);
            root(thread, 3, result);
        }
        for (int slot = 0; slot < 4; slot++) {
            root(thread, slot, 0);
        }
    }
}
