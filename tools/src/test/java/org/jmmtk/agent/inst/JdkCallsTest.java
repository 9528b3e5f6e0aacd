package org.jmmtk.agent.inst;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jmmtk.agent.inst.JdkCalls.UnsafeStore;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The table of JDK calls the rewriter treats apart: every spelling of {@code Unsafe}'s reference stores
 * in both {@code Unsafe}s (JDK 9+'s {@code Reference} names and the older {@code Object} and
 * {@code compareAndSwap} ones, plain, ordered, volatile, acquire, release and weak forms) is the store it
 * is, and a call of the same name that stores no reference, or of another class, is none; explicit
 * collections depend on whether {@code System} is instrumented.
 */
class JdkCallsTest {
    private static final String UNSAFE = "jdk/internal/misc/Unsafe";
    private static final String SUN = "sun/misc/Unsafe";
    private static final String OBJ = "Ljava/lang/Object;";
    private static final String PUT = "(" + OBJ + "J" + OBJ + ")V";
    private static final String CAS = "(" + OBJ + "J" + OBJ + OBJ + ")Z";
    private static final String CAE = "(" + OBJ + "J" + OBJ + OBJ + ")" + OBJ;
    private static final String GAS = "(" + OBJ + "J" + OBJ + ")" + OBJ;

    private static MethodInsnNode call(String owner, String name, String desc) {
        return new MethodInsnNode(Opcodes.INVOKEVIRTUAL, owner, name, desc, false);
    }

    @Test
    void everySpellingOfAnUnsafeReferenceStoreIsTheStoreItIs() {
        for (String name : new String[] {"putReference", "putReferenceVolatile", "putReferenceRelease", "putReferenceOpaque"}) {
            assertEquals(UnsafeStore.PUT, JdkCalls.unsafeStore(call(UNSAFE, name, PUT)), name);
        }
        for (String name : new String[] {"putObject", "putObjectVolatile", "putOrderedObject"}) {
            assertEquals(UnsafeStore.PUT, JdkCalls.unsafeStore(call(SUN, name, PUT)), name);
        }
        for (String name : new String[] {"compareAndSetReference", "weakCompareAndSetReference",
                "weakCompareAndSetReferencePlain", "weakCompareAndSetReferenceAcquire", "compareAndSwapObject"}) {
            assertEquals(UnsafeStore.SWAP, JdkCalls.unsafeStore(call(UNSAFE, name, CAS)), name);
        }
        for (String name : new String[] {"compareAndExchangeReference", "compareAndExchangeReferenceAcquire",
                "compareAndExchangeReferenceRelease"}) {
            assertEquals(UnsafeStore.EXCHANGE, JdkCalls.unsafeStore(call(UNSAFE, name, CAE)), name);
        }
        for (String name : new String[] {"getAndSetReference", "getAndSetReferenceAcquire", "getAndSetObject"}) {
            assertEquals(UnsafeStore.REPLACE, JdkCalls.unsafeStore(call(UNSAFE, name, GAS)), name);
        }
    }

    @Test
    void aCallThatStoresNoReferenceIsNoStore() {
        assertNull(JdkCalls.unsafeStore(call(UNSAFE, "putInt", "(" + OBJ + "JI)V")));
        assertNull(JdkCalls.unsafeStore(call(UNSAFE, "getReference", "(" + OBJ + "J)" + OBJ)));
        assertNull(JdkCalls.unsafeStore(call(UNSAFE, "compareAndSetReference", PUT)), "a store's name with another's descriptor");
        assertNull(JdkCalls.unsafeStore(call(UNSAFE, "compareAndExchangeReference", CAS)));
        assertNull(JdkCalls.unsafeStore(call(UNSAFE, "getAndSetReference", PUT)));
        assertTrue(JdkCalls.unsafe(UNSAFE) && JdkCalls.unsafe(SUN));
        assertFalse(JdkCalls.unsafe("java/lang/invoke/VarHandle"));
    }

    @Test
    void systemGcIsARequestOnlyWhereSystemIsNotInstrumented() {
        assertTrue(JdkCalls.explicitGc(call("java/lang/Runtime", "gc", "()V"), true));
        assertTrue(JdkCalls.explicitGc(call("java/lang/System", "gc", "()V"), false));
        assertFalse(JdkCalls.explicitGc(call("java/lang/System", "gc", "()V"), true), "its body calls Runtime.gc, which reports it");
        assertFalse(JdkCalls.explicitGc(call("java/lang/Runtime", "gc", "(I)V"), true));
    }

    @Test
    void onlyTheReferenceArrayCopiesAreLeftAlone() {
        assertTrue(JdkCalls.intrinsic("java/util/Arrays", "copyOf", "([Ljava/lang/Object;ILjava/lang/Class;)[Ljava/lang/Object;"));
        assertTrue(JdkCalls.intrinsic("java/util/Arrays", "copyOfRange", "([Ljava/lang/Object;IILjava/lang/Class;)[Ljava/lang/Object;"));
        assertFalse(JdkCalls.intrinsic("java/util/Arrays", "copyOf", "([II)[I"));
        assertFalse(JdkCalls.intrinsic("java/util/Arrays", "copyOf", "([Ljava/lang/Object;I)[Ljava/lang/Object;"));
    }
}
