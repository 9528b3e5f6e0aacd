package org.jmmtk.agent.inst;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;

/**
 * An instrumented class keeps the constant pool it was given, entry for entry at the same indexes, with
 * the instrumentation's constants after it: retransforming the ~900 classes loaded before the agent,
 * the JVM merges each class's old and new pools and searches the old one linearly for every entry not
 * at its old index, which with ASM's own order was a third of an empty program's recording CPU.
 */
class InstrumentedConstantPoolTest {
    @Test
    void theGivenPoolComesFirstInItsOrder() throws IOException {
        Instrumenter instrumenter = new Instrumenter("", "", ClassLoader.getSystemClassLoader(), ""); // JDK classes are not its own
        for (String name : new String[] {"java/util/regex/Pattern", "java/util/HashMap", "java/lang/String",
                "java/util/concurrent/ConcurrentHashMap", "java/lang/invoke/MethodType"}) {
            byte[] given = jdkClass(name);
            byte[] made = instrumenter.transform(null, name, null, null, given);
            assertNotNull(made, name + " instrumented");
            ClassReader in = new ClassReader(given);
            ClassReader out = new ClassReader(made);
            assertTrue(out.getItemCount() > in.getItemCount(), name + ": the recorder's constants added");
            // from the pool's first entry to the class's flags: every entry given, as given
            assertArrayEquals(Arrays.copyOfRange(given, 10, in.header), Arrays.copyOfRange(made, 10, in.header),
                    name + ": the given constant pool first, in its order");
        }
    }

    private static byte[] jdkClass(String name) throws IOException {
        try (InputStream in = Object.class.getResourceAsStream("/" + name + ".class")) {
            return in.readAllBytes();
        }
    }
}
