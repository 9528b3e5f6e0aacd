package org.jmmtk.core.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one place side metadata is allocated (mmtk-core's {@code SideMetadataContext} of each space,
 * gathered for the whole heap): every side table, global or of one space, is allocated here from its
 * {@link SideMetadataSpec}, and the registry keeps each table's bytes, so a run can report the heap's
 * metadata footprint and, when {@linkplain #charged() charged}, count it against the heap budget.
 * Spaces keep the arrays and bitmaps it returns in their own fields and use them directly on their fast
 * paths: the registry allocates and accounts, it is never between a space and its metadata.
 *
 * <p>A dense table counts the array it holds. A lazily mapped table ({@link SideBitmap}, {@link SideCounts})
 * counts what mmtk-core's {@code calculate_reserved_pages} reserves for it at each space's peak: for every
 * space it describes, the metadata of the most pages the space held at a {@linkplain #notePages noted}
 * moment, rounded up to whole pages. Not the chunks it has mapped: those follow where GC workers' copy
 * buffers happened to end, which depends on the schedule and so on the number of GC threads.
 *
 * <p>Built once by the composition root and handed to spaces through the heap services. Tables are
 * allocated while the plan is built and, for tables that grow, by the GC thread that grows them; pages
 * are noted by the thread that runs collections. Reads of the footprint from any thread see every table
 * allocated and every peak noted before.
 */
public final class SideMetadataRegistry {
    private final SimulatedMemory memory;
    private final boolean charged;
    private final int pageBytes;
    private final List<Table> tables = new CopyOnWriteArrayList<>();
    private final Map<String, Integer> peakPages = new ConcurrentHashMap<>();

    /**
     * A registry for the side metadata of {@code memory}, whose spaces' pages are {@code pageBytes} bytes;
     * {@code charged}: whether {@link #chargedPages} counts it against the heap budget ({@code --count-metadata}).
     */
    public SideMetadataRegistry(SimulatedMemory memory, boolean charged, int pageBytes) {
        if (Integer.bitCount(pageBytes) != 1) {
            throw new IllegalArgumentException("a page of " + pageBytes + " bytes");
        }
        this.memory = memory;
        this.charged = charged;
        this.pageBytes = pageBytes;
    }

    /** Whether side metadata counts against the heap budget. */
    public boolean charged() {
        return charged;
    }

    /**
     * A bitmap of one bit per granule of the whole memory, mapped lazily chunk by chunk;
     * {@code space} is the space it describes, null for a global spec.
     */
    public SideBitmap bitmap(SideMetadataSpec spec, String space) {
        register(spec, space, SideMetadataSpec.GRANULE, 1, true);
        return new SideBitmap(memory);
    }

    /** Counters of 32 bits per granule of the whole memory, mapped lazily chunk by chunk. */
    public SideCounts counts(SideMetadataSpec spec, String space) {
        register(spec, space, SideMetadataSpec.GRANULE, 32, true);
        return new SideCounts(memory);
    }

    /** A dense table of {@code space}, one entry per unit of its range, for arrays that may be replaced as it grows. */
    public Table table(SideMetadataSpec spec, String space) {
        return register(spec, space, spec.unit(), spec.bitsPerUnit(), false);
    }

    public byte[] bytes(SideMetadataSpec spec, String space, int entries) {
        return table(spec, space).newBytes(entries);
    }

    public short[] shorts(SideMetadataSpec spec, String space, int entries) {
        return table(spec, space).newShorts(entries);
    }

    public int[] ints(SideMetadataSpec spec, String space, int entries) {
        return table(spec, space).newInts(entries);
    }

    public long[] longs(SideMetadataSpec spec, String space, int entries) {
        return table(spec, space).newLongs(entries);
    }

    /** One byte per entry: a Java {@code boolean[]} takes a byte per element, so the spec declares 8 bits. */
    public boolean[] booleans(SideMetadataSpec spec, String space, int entries) {
        return table(spec, space).newBooleans(entries);
    }

    private Table register(SideMetadataSpec spec, String space, String unit, int bits, boolean lazy) {
        if (!spec.unit().equals(unit) || spec.bitsPerUnit() != bits) {
            throw new IllegalArgumentException("side metadata " + spec.name() + " declares " + spec.bitsPerUnit()
                    + " bits per " + spec.unit() + " but its table holds " + bits + " bits per " + unit);
        }
        if (spec.global() != (space == null)) {
            throw new IllegalArgumentException("side metadata " + spec.name() + " is "
                    + (spec.global() ? "global but allocated for space " + space : "local but has no space"));
        }
        Table t = new Table(spec, space, lazy);
        tables.add(t);
        return t;
    }

    /**
     * Notes that {@code space} holds {@code pages} pages now (data pages, without any metadata charge): a
     * lazily mapped table describing it counts its metadata for the most pages noted. The plan notes every
     * space at each collection's start and at the end of a run, moments where the pages spaces hold are
     * part of the logical result, whatever the number of GC threads.
     */
    public void notePages(String space, int pages) {
        peakPages.merge(space, pages, Math::max);
    }

    /** Every table's bytes now, in allocation order. */
    public List<Usage> usage() {
        List<Usage> list = new ArrayList<>(tables.size());
        for (Table t : tables) {
            list.add(new Usage(t.space, t.spec, bytesOf(t), t.lazy));
        }
        return list;
    }

    /** Bytes of all tables now. */
    public long totalBytes() {
        long n = 0;
        for (Table t : tables) {
            n += bytesOf(t);
        }
        return n;
    }

    private long bytesOf(Table t) {
        if (!t.lazy) {
            return t.bytes.get();
        }
        long pages = 0;
        for (Map.Entry<String, Integer> e : peakPages.entrySet()) {
            pages += metadataPages(t, e.getKey(), e.getValue());
        }
        return pages * pageBytes;
    }

    /** The pages of {@code t} for {@code dataPages} pages of {@code space}: 0 for a table of another space. */
    private static long metadataPages(Table t, String space, int dataPages) {
        return t.space == null || t.space.equals(space) ? t.spec.metadataPages(dataPages) : 0;
    }

    /**
     * The pages of metadata charged to {@code space} while it holds {@code dataPages} pages, as mmtk-core's
     * {@code Space::reserved_pages} adds {@code SideMetadataContext::calculate_reserved_pages}: for every
     * global spec and every spec of this space, the metadata of those pages rounded up to a page, so a
     * space with any page pays at least one page per spec. 0 when not {@linkplain #charged() charged}.
     * Independent of what the tables have mapped so far: the charge follows the data, not the arrays.
     */
    public int chargedPages(String space, int dataPages) {
        if (!charged || dataPages == 0) {
            return 0;
        }
        long pages = 0;
        for (Table t : tables) {
            pages += metadataPages(t, space, dataPages);
        }
        return (int) Math.min(Integer.MAX_VALUE, pages);
    }

    /**
     * One table's footprint at one moment; {@code space} is null for a global table; {@code lazy}: a lazily
     * mapped table, whose bytes are its spaces' peak pages' metadata rather than an array's size.
     */
    public record Usage(String space, SideMetadataSpec spec, long bytes, boolean lazy) {
    }

    /**
     * One table as the registry accounts it: the arrays a space takes from it (replacing the previous
     * one when it grows) are counted at their size in bytes; a lazily mapped table is counted from its
     * spaces' peak pages instead. Used by the thread that allocates the table.
     */
    public static final class Table {
        private final SideMetadataSpec spec;
        private final String space;
        private final boolean lazy;
        private final AtomicLong bytes = new AtomicLong();

        private Table(SideMetadataSpec spec, String space, boolean lazy) {
            this.spec = spec;
            this.space = space;
            this.lazy = lazy;
        }

        public SideMetadataSpec spec() {
            return spec;
        }

        private void holds(int entries, int elementBits) {
            if (elementBits != spec.bitsPerUnit()) {
                throw new IllegalArgumentException("side metadata " + spec.name() + " declares " + spec.bitsPerUnit()
                        + " bits per " + spec.unit() + ", not " + elementBits);
            }
            bytes.set((long) entries * elementBits / 8);
        }

        public byte[] newBytes(int entries) {
            holds(entries, 8);
            return new byte[entries];
        }

        public short[] newShorts(int entries) {
            holds(entries, 16);
            return new short[entries];
        }

        public int[] newInts(int entries) {
            holds(entries, 32);
            return new int[entries];
        }

        public long[] newLongs(int entries) {
            holds(entries, 64);
            return new long[entries];
        }

        public boolean[] newBooleans(int entries) {
            holds(entries, 8);
            return new boolean[entries];
        }
    }
}
