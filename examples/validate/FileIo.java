import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Random;
import java.util.stream.Stream;

/**
 * File I/O, single thread: 12 rounds, each writes 20,000 seeded CSV records to a temp file with
 * {@code Files.newBufferedWriter}, reads them back four ways ({@code Files.lines} into a HashMap of
 * per-city totals, a {@code BufferedReader} into record objects, {@code Files.readAllBytes} decoded as
 * UTF-8, a {@code FileChannel} with heap {@code ByteBuffer}s of 8 KB counting lines), then patches 2,000
 * fixed-width slots of a second file through a {@code RandomAccessFile} and reads them back; the last
 * 3 rounds' records are kept (about 60,000); the files are deleted at the end. ~340 MB.
 */
public class FileIo {
    record Row(long id, String city, int amount, String note) {
    }

    static final String[] CITIES = {"Oslo", "Lyon", "Porto", "Gdansk", "Turku", "Brno", "Cork", "Graz", "Ghent", "Bari"};

    public static void main(String[] args) throws IOException {
        Random random = new Random(97);
        Path csv = Files.createTempFile("fileio", ".csv");
        Path slots = Files.createTempFile("fileio", ".bin");
        ArrayDeque<Row[]> kept = new ArrayDeque<>();
        long check = 0;
        try {
            for (int round = 0; round < 12; round++) {
                try (BufferedWriter out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
                    for (int i = 0; i < 20_000; i++) {
                        long id = (long) round * 1_000_000 + i;
                        out.write(id + "," + CITIES[random.nextInt(CITIES.length)] + "," + random.nextInt(100_000)
                                + "," + "n" + Long.toHexString(random.nextLong()));
                        out.newLine();
                    }
                }
                HashMap<String, Long> totals = new HashMap<>();
                try (Stream<String> lines = Files.lines(csv)) {
                    lines.map(l -> l.split(",")).forEach(f -> totals.merge(f[1], Long.parseLong(f[2]), Long::sum));
                }
                Row[] rows = new Row[20_000];
                try (BufferedReader in = Files.newBufferedReader(csv)) {
                    String line;
                    int n = 0;
                    while ((line = in.readLine()) != null) {
                        int a = line.indexOf(',');
                        int b = line.indexOf(',', a + 1);
                        int c = line.indexOf(',', b + 1);
                        rows[n++] = new Row(Long.parseLong(line.substring(0, a)), line.substring(a + 1, b),
                                Integer.parseInt(line.substring(b + 1, c)), line.substring(c + 1));
                    }
                }
                String whole = new String(Files.readAllBytes(csv), StandardCharsets.UTF_8);
                check += whole.length() + totals.size() + totals.get(CITIES[round % CITIES.length]) % 1000;
                try (FileChannel channel = FileChannel.open(csv, StandardOpenOption.READ)) {
                    ByteBuffer buffer = ByteBuffer.allocate(8192);
                    while (channel.read(buffer) > 0) {
                        buffer.flip();
                        while (buffer.hasRemaining()) {
                            if (buffer.get() == '\n') {
                                check++;
                            }
                        }
                        buffer = ByteBuffer.allocate(8192);
                    }
                }
                check += patchSlots(slots, random, rows);
                kept.addLast(rows);
                if (kept.size() > 3) {
                    kept.removeFirst();
                }
            }
        } finally {
            Files.deleteIfExists(csv);
            Files.deleteIfExists(slots);
        }
        System.err.println("check " + check + " kept " + kept.size());
    }

    static long patchSlots(Path file, Random random, Row[] rows) throws IOException {
        long check = 0;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(64L * 2_000);
            for (int i = 0; i < 2_000; i++) {
                Row row = rows[random.nextInt(rows.length)];
                byte[] slot = new byte[64];
                byte[] text = (row.city() + ":" + row.amount() + ":" + row.note()).getBytes(StandardCharsets.UTF_8);
                System.arraycopy(text, 0, slot, 0, Math.min(text.length, 64));
                raf.seek(64L * random.nextInt(2_000));
                raf.write(slot);
            }
            byte[] back = new byte[64];
            for (int i = 0; i < 2_000; i++) {
                raf.seek(64L * i);
                raf.readFully(back);
                check += new String(back, StandardCharsets.UTF_8).trim().length();
            }
        }
        return check;
    }
}
