package org.jmmtk.tools.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jmmtk.bindings.trace.TraceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SerialGcLog} on real JDK 17 and JDK 25 Serial GC logs (made by running small programs,
 * test resources/validate) and a JDK 21 log in JDK 21's format. Each figure is checked against
 * another part of the same log that the parser reads differently: promoted bytes (heap prints, exact)
 * against the K-rounded Tenured lines, survivor bytes against the age table's total, GC counts
 * against the pause lines. Broken logs fail with the file and line.
 */
class SerialGcLogTest {
    private static final Pattern TENURED = Pattern.compile("GC\\((\\d+)\\) Tenured: (\\d+)K\\(\\d+K\\)->(\\d+)K");
    private static final Pattern FROM = Pattern.compile("GC\\((\\d+)\\) DefNew: .* From: \\d+K\\(\\d+K\\)->(\\d+)K");

    static List<String> lines(String name) throws IOException {
        try (InputStream in = SerialGcLogTest.class.getResourceAsStream("/validate/" + name)) {
            assertNotNull(in, name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    private static SerialGcLog parse(String name) throws IOException {
        return SerialGcLog.parse(name, lines(name));
    }

    private static long count(List<String> lines, String text) {
        return lines.stream().filter(l -> l.contains(text)).count();
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk17-young.log", "jdk17-mtt0.log", "jdk17-full.log", "jdk17-alldecorations.log",
            "jdk17-pid-tags.log", "jdk25-full.log", "jdk17-tlab-full.log"})
    void exactFiguresAgreeWithTheRoundedSummaries(String name) throws IOException {
        List<String> lines = lines(name);
        SerialGcLog log = parse(name);
        // every pause's end line is one collection
        assertEquals(countEnds(lines), log.collections().size());
        for (String line : lines) {
            Matcher t = TENURED.matcher(line);
            if (t.find()) {
                HotSpotGc gc = byId(log, Integer.parseInt(t.group(1)));
                assertTrue(gc.before().exact() && gc.after().exact(), name);
                assertRounded(Long.parseLong(t.group(2)), gc.before().old(), line);
                assertRounded(Long.parseLong(t.group(3)), gc.after().old(), line);
            }
            Matcher f = FROM.matcher(line);
            if (f.find()) {
                assertRounded(Long.parseLong(f.group(2)), byId(log, Integer.parseInt(f.group(1))).survivorBytes(), line);
            }
        }
        for (HotSpotGc gc : log.youngCollections()) {
            assertTrue(gc.promotedBytes() >= 0, name + " GC(" + gc.id() + ")");
            if (gc.ageBytes() != null) {
                long total = 0;
                for (long b : gc.ageBytes()) {
                    total += b;
                }
                // the age table counts what the collection copied into the survivor space
                assertEquals(total, gc.survivorBytes(), name + " GC(" + gc.id() + ")");
            }
        }
        // JDK 25 no longer prints the heap at exit under gc+heap+exit
        assertEquals(name.startsWith("jdk17"), log.atExit() != null, name);
    }

    private static long countEnds(List<String> lines) {
        return lines.stream().filter(l -> l.matches(".*\\] GC\\(\\d+\\) Pause (Young|Full) \\(.*\\) \\d+M->.*")).count();
    }

    private static HotSpotGc byId(SerialGcLog log, int id) {
        return log.collections().stream().filter(g -> g.id() == id).findFirst().orElseThrow();
    }

    /** {@code kb} is {@code bytes} as HotSpot prints it: truncated to whole kilobytes. */
    private static void assertRounded(long kb, long bytes, String line) {
        assertEquals(kb, bytes / 1024, line);
    }

    @Test
    void thresholdZeroPromotesEverySurvivor() throws IOException {
        SerialGcLog log = parse("jdk17-mtt0.log");
        assertFalse(log.youngCollections().isEmpty());
        for (HotSpotGc gc : log.youngCollections()) {
            assertEquals(0, gc.survivorBytes());
            assertEquals(0, gc.newThreshold());
            assertEquals(0, gc.maxThreshold());
            assertTrue(gc.promotedBytes() > 0);
            assertEquals("Allocation Failure", gc.cause());
        }
    }

    @Test
    void adaptiveThresholdAndAgeTableAreRead() throws IOException {
        SerialGcLog log = parse("jdk17-young.log");
        HotSpotGc first = log.collections().get(0);
        assertEquals(0, first.id());
        assertTrue(first.young() && first.collected());
        assertEquals(393216, first.desiredSurvivorBytes());
        assertEquals(1, first.newThreshold());
        assertEquals(15, first.maxThreshold());
        assertEquals(6656 * 1024, first.before().edenCapacity());
        assertEquals(768 * 1024, first.before().survivorCapacity());
        assertEquals(24576 * 1024, first.before().oldCapacity());
        assertEquals(first.ageBytes()[1], first.survivorBytes());
        assertEquals(0, first.after().eden());
        assertTrue(first.uptimeSeconds() > 0);
        assertTrue(first.pauseMs() > 0);
    }

    @Test
    void fullCollectionsAndAYoungPausePassedOnToThem() throws IOException {
        for (String name : List.of("jdk17-full.log", "jdk21-info-full.log", "jdk25-full.log")) {
            List<String> lines = lines(name);
            SerialGcLog log = parse(name);
            long fullEnds = lines.stream().filter(l -> l.matches(".*\\] GC\\(\\d+\\) Pause Full \\(.*\\) \\d+M->.*")).count();
            assertEquals(fullEnds, log.fullCollections().size(), name);
            assertEquals("System.gc()", log.fullCollections().get(log.fullCollections().size() - 1).cause(), name);
            List<HotSpotGc> skipped = log.collections().stream().filter(g -> g.young() && !g.collected()).toList();
            // JDK 25 goes straight to the full collection
            assertEquals(name.startsWith("jdk25") ? 0 : 1, skipped.size(), name);
            if (skipped.isEmpty()) {
                continue;
            }
            HotSpotGc next = log.collections().get(log.collections().indexOf(skipped.get(0)) + 1);
            assertFalse(next.young(), name + ": a skipped young pause is followed by a full one");
            assertEquals(0, skipped.get(0).promotedBytes());
        }
    }

    @Test
    void summaryOnlyLogsAreReadToTheKilobyte() throws IOException {
        for (String name : List.of("jdk17-info.log", "jdk21-info-full.log")) {
            SerialGcLog log = parse(name);
            assertFalse(log.youngCollections().isEmpty(), name);
            for (HotSpotGc gc : log.youngCollections()) {
                assertFalse(gc.after().exact());
                assertEquals(0, gc.promotedBytes() % 1024);
            }
        }
    }

    @Test
    void decorationsInEveryCombinationGiveTheSameCollections() throws IOException {
        List<String> base = lines("jdk17-young.log");
        SerialGcLog reference = SerialGcLog.parse("base", base);
        String[] all = {"2024-01-02T10:11:12.345+0100", "2024-01-02T09:11:12.345+0000", "0.127s", "1704186672345ms",
                "127ms", "329539895794ns", "127000000ns", "build-host.example", "4242", "4243"};
        Random random = new Random(7);
        for (int trial = 0; trial < 60; trial++) {
            boolean[] use = new boolean[all.length];
            for (int i = 0; i < all.length; i++) {
                use[i] = random.nextBoolean();
            }
            boolean level = random.nextBoolean();
            List<String> rewritten = new ArrayList<>();
            for (String line : base) {
                Matcher m = Pattern.compile("\\[[^\\]]*\\]\\[([a-z]+) *\\]\\[([a-z,]+) *\\] (.*)").matcher(line);
                assertTrue(m.matches(), line);
                StringBuilder b = new StringBuilder();
                for (int i = 0; i < all.length; i++) {
                    if (use[i]) {
                        b.append('[').append(all[i]).append(']');
                    }
                }
                if (level) {
                    b.append('[').append(String.format("%-5s", m.group(1))).append(']');
                }
                b.append('[').append(String.format("%-12s", m.group(2))).append("] ").append(m.group(3));
                rewritten.add(b.toString());
            }
            SerialGcLog log = SerialGcLog.parse("trial" + trial, rewritten);
            assertEquals(reference.collections().size(), log.collections().size(), "trial " + trial);
            for (int i = 0; i < log.collections().size(); i++) {
                HotSpotGc a = reference.collections().get(i);
                HotSpotGc b = log.collections().get(i);
                assertEquals(a.promotedBytes(), b.promotedBytes());
                assertEquals(a.survivorBytes(), b.survivorBytes());
                assertEquals(a.newThreshold(), b.newThreshold());
            }
        }
    }

    @Test
    void otherTagSetsAreSkippedByTag() throws IOException {
        List<String> lines = new ArrayList<>(lines("jdk17-young.log"));
        lines.add(5, "[0.130s][info ][gc,tlab] GC(0) DefNew: this is not a heap line, but gc+tlab at info is not read");
        lines.add(1, "[0.001s][info ][safepoint] anything at all");
        assertEquals(parse("jdk17-young.log").collections().size(), SerialGcLog.parse("x", lines).collections().size());
    }

    /** The TLAB totals (gc+tlab=debug): the eden TLABs left unused, at the collection and at refills. */
    @Test
    void tlabTotalsGiveTheEdenTheTlabsLeftUnused() throws IOException {
        SerialGcLog log = parse("jdk17-tlab-full.log");
        assertEquals(272_272 + 69_240, byId(log, 0).tlabWasteBytes(), "three threads' TLABs at the first collection");
        assertEquals(77_136, byId(log, 10).tlabWasteBytes(), "the young pause passed on to the full collection");
        assertEquals(-1, byId(log, 11).tlabWasteBytes(), "the full collection after it has no TLAB totals");
        assertEquals(-1, byId(parse("jdk17-full.log"), 0).tlabWasteBytes(), "a log without gc+tlab lines");
        List<String> bad = replaced(lines("jdk17-tlab-full.log"), "GC(3) TLAB totals", "slow: ", "slow; ");
        TraceException e = broken(bad);
        assertEquals("bad.log:" + lineOf(bad, "slow; "), e.where(), e.getMessage());
    }

    private static TraceException broken(List<String> lines) {
        return assertThrows(TraceException.class, () -> SerialGcLog.parse("bad.log", lines));
    }

    private static List<String> replaced(List<String> lines, String contains, String from, String to) {
        List<String> out = new ArrayList<>(lines);
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).contains(contains)) {
                out.set(i, out.get(i).replace(from, to));
                return out;
            }
        }
        throw new AssertionError("no line with " + contains);
    }

    private static int lineOf(List<String> lines, String contains) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(contains)) {
                return i + 1;
            }
        }
        throw new AssertionError(contains);
    }

    @Test
    void aMalformedGcLineIsAnErrorNamingIt() throws IOException {
        List<String> base = lines("jdk17-young.log");
        String[][] cases = {
                {"GC(2) DefNew:", "From: ", "From; "},
                {"GC(3) Tenured:", "->", "=>"},
                {"GC(1) Desired survivor", "new threshold", "threshold"},
                {"GC(4) - age   1:", "bytes,", "bytes"},
                {"GC(0)   eden space", "% used", "% free"},
                {"GC(5) Pause Young (Allocation Failure) ", "ms", "us"},
                {"GC(6) Pause Young (Allocation Failure)", "Pause Young", "Pause Middle"},
        };
        for (String[] c : cases) {
            List<String> bad = replaced(base, c[0], c[1], c[2]);
            TraceException e = broken(bad);
            assertEquals("bad.log:" + lineOf(bad, c[0].replace(c[1], c[2])), e.where(), e.getMessage());
        }
    }

    @Test
    void structuralProblemsAreErrors() throws IOException {
        List<String> base = lines("jdk17-young.log");
        int cut = lineOf(base, "GC(3) Pause Young (Allocation Failure) ");
        assertTrue(broken(base.subList(0, cut - 1)).getMessage().contains("GC(3) has no end"));
        assertTrue(broken(replaced(base, "Using Serial", "Serial", "G1")).getMessage().contains("G1"));
        List<String> undecorated = base.stream().map(l -> l.replaceFirst("^(\\[[^\\]]*\\])+ ", "")).toList();
        assertTrue(broken(undecorated).getMessage().contains("decorations"));
        List<String> noTags = base.stream().map(l -> l.replaceFirst("\\]\\[[a-z,]+ *\\] ", "] ")).toList();
        assertTrue(broken(noTags).getMessage().contains("no tags decoration"));
        List<String> startless = new ArrayList<>(base);
        startless.remove(lineOf(base, "GC(0) Pause Young (Allocation Failure)") - 1);
        assertTrue(broken(startless).getMessage().contains("start"));
    }

    /** Any corruption of any line fails with a located error or parses; nothing else escapes. */
    @Test
    void corruptedLogsNeverEscapeAsOtherExceptions() throws IOException {
        List<String> base = lines("jdk17-full.log");
        Random random = new Random(11);
        for (int trial = 0; trial < 400; trial++) {
            List<String> bad = new ArrayList<>(base);
            int i = random.nextInt(bad.size());
            String line = bad.get(i);
            int at = random.nextInt(line.length() + 1);
            String noise = switch (random.nextInt(4)) {
                case 0 -> "";
                case 1 -> "]";
                case 2 -> "9999999999999999999999";
                default -> " x";
            };
            bad.set(i, line.substring(0, at) + noise + line.substring(Math.min(line.length(), at + random.nextInt(4))));
            try {
                SerialGcLog.parse("bad.log", bad);
            } catch (TraceException e) {
                assertTrue(e.where() != null && e.where().startsWith("bad.log"), e.getMessage());
            }
        }
    }
}
