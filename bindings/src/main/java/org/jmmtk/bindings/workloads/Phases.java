package org.jmmtk.bindings.workloads;

/**
 * A phased program with immortal data: it first builds a registry that lives for the whole run (an
 * array large enough for the large object space, pointing at small configuration objects), then runs
 * phases of different sizes. Each phase builds a working set (a list of record arrays, some pointing
 * into the registry) that lives exactly as long as the phase, amid short-lived temporaries, and ends
 * with an explicit collection request.
 */
public final class Phases extends Workload {
    private static final int REGISTRY = 1;
    private static final int CONFIG = 2;
    private static final int RECORDS = 3;
    private static final int RECORD = 4;
    private static final int TEMP = 5;
    private static final int REGISTRY_SIZE = 2048;
    private static final int RECORDS_PER_ARRAY = 16;
    private static final int[] PHASE_ARRAYS = {1500, 4000, 800, 5000, 2500, 400};
    private static final int TEMPS_PER_ARRAY = 24;

    public Phases(long seed, double scale) {
        super(seed, scale);
    }

    @Override
    public String name() {
        return "phases";
    }

    @Override
    protected long plannedBytes() {
        long arrays = 0;
        for (int a : PHASE_ARRAYS) {
            arrays += scaled(a);
        }
        long perArray = objectBytes(RECORDS_PER_ARRAY + 1, 0) + RECORDS_PER_ARRAY * objectBytes(2, 24)
                + TEMPS_PER_ARRAY * objectBytes(0, 40);
        return arrays * perArray;
    }

    @Override
    protected void run() {
        out().type(REGISTRY, "Config[]");
        out().type(CONFIG, "Config");
        out().type(RECORDS, "Record[]");
        out().type(RECORD, "Record");
        out().type(TEMP, "Temporary");
        long registry = alloc(0, objectBytes(REGISTRY_SIZE, 0), REGISTRY_SIZE, REGISTRY);
        global(0, registry);
        long[] configs = new long[REGISTRY_SIZE];
        for (int i = 0; i < REGISTRY_SIZE; i++) {
            configs[i] = alloc(0, objectBytes(0, 32 + 8 * random.nextInt(8)), 0, CONFIG);
            write(0, registry, i, configs[i]);
        }
        for (int arrays : PHASE_ARRAYS) {
            phase(scaled(arrays), configs);
            out().collect();
        }
    }

    /** One phase: a list of record arrays that lives until the phase ends. */
    private void phase(int arrays, long[] configs) {
        long head = 0;
        for (int a = 0; a < arrays; a++) {
            long array = alloc(0, objectBytes(RECORDS_PER_ARRAY + 1, 0), RECORDS_PER_ARRAY + 1, RECORDS);
            write(0, array, RECORDS_PER_ARRAY, head);
            global(1, array);
            head = array;
            for (int r = 0; r < RECORDS_PER_ARRAY; r++) {
                long record = alloc(0, objectBytes(2, 24), 2, RECORD);
                write(0, array, r, record);
                write(0, record, 0, configs[random.nextInt(configs.length)]);
            }
            for (int i = 0; i < TEMPS_PER_ARRAY; i++) {
                long temp = alloc(0, objectBytes(0, 40), 0, TEMP);
                root(0, 0, temp);
            }
            root(0, 0, 0);
        }
        global(1, 0);
    }
}
