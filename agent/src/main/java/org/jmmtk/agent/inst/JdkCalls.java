package org.jmmtk.agent.inst;

import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The JDK calls the rewriter treats apart from plain calls, by owner, name and descriptor: requests for
 * a collection, reflective and {@code Unsafe} allocation, the intrinsics that allocate or copy without
 * running their bytecode, {@code Unsafe}'s reference stores and {@code LambdaMetafactory}'s call sites.
 * A table, no state: read by the instrumenter's threads (any thread that loads a class) through
 * {@link MethodRewriter} and {@link Instrumenter}.
 */
final class JdkCalls {
    private static final String UNSAFE = "jdk/internal/misc/Unsafe";
    private static final String SUN_UNSAFE = "sun/misc/Unsafe";
    private static final String OBJ = "Ljava/lang/Object;";
    /** The class whose private field {@link #BACKTRACE_FIELD} the JVM fills in. */
    static final String THROWABLE = "java/lang/Throwable";
    static final String BACKTRACE_FIELD = "backtrace";
    /** Unsafe's reference stores, by what they return: nothing, whether they swapped, the witness, the old value. */
    private static final String PUT = "(" + OBJ + "J" + OBJ + ")V";
    private static final String CAS = "(" + OBJ + "J" + OBJ + OBJ + ")Z";
    private static final String CAE = "(" + OBJ + "J" + OBJ + OBJ + ")" + OBJ;
    private static final String GAS = "(" + OBJ + "J" + OBJ + ")" + OBJ;

    /** The kinds of {@code Unsafe} reference store, by what the call returns. */
    enum UnsafeStore {
        /** {@code putReference*}: nothing. */
        PUT,
        /** {@code compareAndSetReference} and its weak forms: whether it swapped. */
        SWAP,
        /** {@code compareAndExchangeReference*}: the witness. */
        EXCHANGE,
        /** {@code getAndSetReference*}: the old value. */
        REPLACE
    }

    private JdkCalls() {
    }

    /**
     * Whether a method's body is left alone: the reference-array copies that HotSpot's compilers
     * replace by intrinsics (their callers record the copy instead, which is seen whichever way it ran).
     */
    static boolean intrinsic(String owner, String name, String desc) {
        return owner.equals("java/util/Arrays") && (name.equals("copyOf") || name.equals("copyOfRange"))
                && desc.endsWith("Ljava/lang/Class;)[Ljava/lang/Object;");
    }

    /**
     * {@code Runtime.gc()}, or {@code System.gc()} when its body is not instrumented ({@code systemSeen}
     * false): a collection the program asks for.
     */
    static boolean explicitGc(MethodInsnNode call, boolean systemSeen) {
        return call.name.equals("gc") && call.desc.equals("()V")
                && (call.owner.equals("java/lang/Runtime") || call.owner.equals("java/lang/System") && !systemSeen);
    }

    /** Whether a class is one of the JDK's {@code Unsafe}s (left uninstrumented; calls to them are instrumented). */
    static boolean unsafe(String cls) {
        return cls.equals(UNSAFE) || cls.equals(SUN_UNSAFE);
    }

    /** Which reference store a call to an {@code Unsafe} is, or null when it stores no reference. */
    static UnsafeStore unsafeStore(MethodInsnNode call) {
        String name = call.name.replace("Object", "Reference").replace("compareAndSwap", "compareAndSet")
                .replace("putOrderedReference", "putReferenceRelease");
        if (name.startsWith("putReference") && call.desc.equals(PUT)) {
            return UnsafeStore.PUT;
        } else if (name.contains("CompareAndSetReference") || name.startsWith("compareAndSetReference")) {
            return call.desc.equals(CAS) ? UnsafeStore.SWAP : null;
        } else if (name.startsWith("compareAndExchangeReference")) {
            return call.desc.equals(CAE) ? UnsafeStore.EXCHANGE : null;
        } else if (name.startsWith("getAndSetReference")) {
            return call.desc.equals(GAS) ? UnsafeStore.REPLACE : null;
        }
        return null;
    }

    /** Whether an {@code invokedynamic} makes a lambda or method reference ({@code LambdaMetafactory}'s bootstraps). */
    static boolean lambda(InvokeDynamicInsnNode indy) {
        return indy.bsm.getOwner().equals("java/lang/invoke/LambdaMetafactory")
                && (indy.bsm.getName().equals("metafactory") || indy.bsm.getName().equals("altMetafactory"));
    }

    /**
     * An allocation with no {@code NEW}, recorded when it returns: reflection's, and {@code Unsafe}'s
     * {@code allocateInstance} (how method handles make objects: a capturing lambda is made by
     * {@code DirectMethodHandle.allocateInstance} and its hidden class's constructor) and
     * {@code allocateUninitializedArray} (the byte arrays of string concatenation's {@code invokedynamic}).
     */
    static boolean reflective(MethodInsnNode call) {
        return call.owner.equals("java/lang/reflect/Constructor") && call.name.equals("newInstance")
                || call.owner.equals("java/lang/Class") && call.name.equals("newInstance")
                || call.owner.equals("java/lang/reflect/Array") && call.name.equals("newInstance")
                || unsafe(call.owner) && (call.name.equals("allocateInstance")
                        && call.desc.equals("(Ljava/lang/Class;)Ljava/lang/Object;")
                        || call.name.equals("allocateUninitializedArray") && call.desc.equals("(Ljava/lang/Class;I)Ljava/lang/Object;"));
    }

    /**
     * Methods that C2 replaces by intrinsics which allocate their result themselves, without running
     * the bytecode that allocates it: the result is recorded after the call (already known, and so not
     * recorded twice, when the interpreter or C1 ran the body). {@code StringUTF16.toBytes(char[], int,
     * int)} makes the bytes of every string built from chars outside Latin-1 ({@code new String(char[])},
     * {@code BufferedReader.readLine}); {@code BigInteger.implMultiplyToLen} allocates its product when
     * it is given none.
     */
    static boolean allocatingIntrinsic(MethodInsnNode call) {
        return call.owner.equals("java/lang/StringUTF16") && call.name.equals("toBytes") && call.desc.equals("([CII)[B")
                || call.owner.equals("java/math/BigInteger") && call.name.equals("implMultiplyToLen")
                        && call.desc.equals("([II[II[I)[I");
    }

    /**
     * {@code Throwable}'s native {@code fillInStackTrace(int)}, called only from {@code Throwable} itself: the
     * JVM allocates the backtrace it stores in the throwable's private {@code backtrace} field (per 32 frames
     * an {@code Object[6]} chunk holding a {@code short[32]}, an {@code int[32]}, an {@code Object[32]} and a
     * {@code long[32]}, 872 bytes without compressed oops) with no bytecode to see.
     */
    static boolean backtrace(MethodInsnNode call) {
        return call.owner.equals(THROWABLE) && call.name.equals("fillInStackTrace")
                && call.desc.equals("(I)Ljava/lang/Throwable;");
    }
}
