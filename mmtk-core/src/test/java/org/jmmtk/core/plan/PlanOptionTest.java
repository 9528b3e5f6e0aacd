package org.jmmtk.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.jmmtk.core.Options;
import org.junit.jupiter.api.Test;

/**
 * Plan options parse, check and default as declared, whatever the value; collection kinds are values
 * with checked labels.
 */
class PlanOptionTest {
    private static final PlanOption RATIO = PlanOption.integer("survivor-ratio", "Eden over one survivor space", 8, 1,
            Integer.MAX_VALUE);
    private static final PlanOption AGE = PlanOption.integer("max-age", "Promotion age", 15, 0, 15);
    private static final PlanOption NURSERY = PlanOption.size("nursery", "Nursery size", "a quarter of the heap");

    @Test
    void integersInRangeAreTakenAndOthersRefusedNamingTheOption() {
        Random random = new Random(33);
        for (int i = 0; i < 10_000; i++) {
            long v = random.nextInt(64) - 32;
            if (v >= 0 && v <= 15) {
                assertEquals(v, AGE.parse(Long.toString(v)));
                assertEquals(v, PlanOptionValues.NONE.with(AGE, v).get(AGE));
            } else {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AGE.parse(Long.toString(v)));
                assertEquals("--max-age " + v + " is out of range 0..15", e.getMessage());
            }
        }
        assertEquals("--survivor-ratio 0 must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> RATIO.parse("0")).getMessage());
        assertEquals("--survivor-ratio: '4k' is not a whole number",
                assertThrows(IllegalArgumentException.class, () -> RATIO.parse("4k")).getMessage());
    }

    @Test
    void sizesTakeSuffixesAndMustBePositive() {
        Random random = new Random(34);
        for (int i = 0; i < 1000; i++) {
            long k = 1 + random.nextInt(1 << 20);
            assertEquals(k << 10, NURSERY.parse(k + "k"));
            assertEquals(k, NURSERY.parse(Long.toString(k)));
        }
        assertEquals("--nursery must be positive",
                assertThrows(IllegalArgumentException.class, () -> NURSERY.parse("0")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NURSERY.parse("-1m")).getMessage()
                .startsWith("--nursery: "));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NURSERY.parse("lots")).getMessage()
                .startsWith("--nursery: "));
    }

    @Test
    void anOptionNotGivenHasItsDefaultAndSizesDefaultToThePlans() {
        PlanOptionValues given = new Options().planOption(AGE, 3).planOptions();
        assertEquals(3, given.get(AGE));
        assertTrue(given.isSet(AGE));
        assertFalse(given.isSet(RATIO));
        assertEquals(8, given.get(RATIO));
        assertEquals(0, given.get(NURSERY));
        assertEquals(given.asMap(), new Options().planOption(AGE, 3).copy().planOptions().asMap());
        assertThrows(IllegalArgumentException.class, () -> new Options().planOption(AGE, 16));
        assertEquals("a quarter of the heap", NURSERY.defaultText());
        assertEquals("Promotion age (default: 15)", AGE.describe());
    }

    @Test
    void namesAreCheckedAndSpelledForTheCommandLineAndStudies() {
        assertEquals("--max-tenuring-threshold", PlanOption.integer("max-tenuring-threshold", "h", 1, 0, 2).flag());
        assertEquals("maxTenuringThreshold", PlanOption.integer("max-tenuring-threshold", "h", 1, 0, 2).key());
        for (String bad : new String[] {"", "Nursery", "-x", "x-", "a--b", "a b", "a_b", "9lives"}) {
            assertThrows(IllegalArgumentException.class, () -> PlanOption.size(bad, "help", "default"), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> PlanOption.size("x", "two\nlines", "d"));
        assertThrows(IllegalArgumentException.class, () -> PlanOption.integer("x", "h", 9, 0, 8));
        assertThrows(IllegalArgumentException.class, () -> PlanOption.distinct(List.of(AGE, RATIO, AGE)));
        assertEquals(List.of(AGE, RATIO), PlanOption.distinct(List.of(AGE, RATIO)));
    }

    @Test
    void kindsAreValuesWithCheckedLabels() {
        CollectionKind window = new CollectionKind("window", false);
        assertEquals(window, new CollectionKind("window", false));
        assertNotEquals(window, new CollectionKind("window", true));
        assertEquals(window.hashCode(), new CollectionKind("window", false).hashCode());
        assertTrue(CollectionKind.FULL.fullHeap);
        assertEquals("full", CollectionKind.FULL.label);
        for (String bad : new String[] {"", "Full", "1st", "a b", "a.b"}) {
            assertThrows(IllegalArgumentException.class, () -> new CollectionKind(bad, false), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> new CollectionKind(null, false));
    }
}
