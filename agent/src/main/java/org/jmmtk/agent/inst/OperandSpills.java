package org.jmmtk.agent.inst;

import static org.jmmtk.agent.inst.RecorderCalls.OBJ;
import static org.jmmtk.agent.inst.RecorderCalls.call;
import static org.jmmtk.agent.inst.RecorderCalls.push;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The recorder calls of one method whose operands the instruction they follow consumes: an
 * {@code Unsafe} reference store and a lambda's {@code invokedynamic}. The operands are spilled into
 * fresh locals above the method's own ({@code locals} and up, written and read between two of its
 * instructions, so its stack map frames stay valid), pushed again for the instruction, then passed to
 * the recorder after it. Part of {@link MethodRewriter}'s rewriting.
 *
 * <p>Threads: the transformer's, one method at a time.
 */
final class OperandSpills implements Opcodes {
    /** A lambda's captured references passed to the recorder in one call. */
    private static final int MAX_CAPTURES = 3;

    private final MethodNode m;
    private final int locals;

    /** For method {@code m}, whose own locals are those below {@code locals}. */
    OperandSpills(MethodNode m, int locals) {
        this.m = m;
        this.locals = locals;
    }

    /**
     * An {@code Unsafe} reference store (how {@code VarHandle}s, atomics, reflection and the concurrent
     * collections store): its operands are kept in fresh locals above the method's own, the store runs,
     * and the recorder is told what it stored, or whether it did.
     */
    void unsafe(MethodInsnNode call) {
        JdkCalls.UnsafeStore kind = JdkCalls.unsafeStore(call);
        if (kind == null) {
            return;
        }
        boolean expects = kind == JdkCalls.UnsafeStore.SWAP || kind == JdkCalls.UnsafeStore.EXCHANGE;
        int target = locals;
        int offset = locals + 1;
        int expected = locals + 3;
        int value = locals + 4;
        InsnList before = new InsnList();
        before.add(new VarInsnNode(ASTORE, value));
        if (expects) {
            before.add(new VarInsnNode(ASTORE, expected));
        }
        before.add(new VarInsnNode(LSTORE, offset));
        before.add(new VarInsnNode(ASTORE, target));
        before.add(new VarInsnNode(ALOAD, target));
        before.add(new VarInsnNode(LLOAD, offset));
        if (expects) {
            before.add(new VarInsnNode(ALOAD, expected));
        }
        before.add(new VarInsnNode(ALOAD, value));
        m.instructions.insertBefore(call, before);
        InsnList after = new InsnList();
        after.add(new VarInsnNode(ALOAD, target));
        after.add(new VarInsnNode(LLOAD, offset));
        // an if chain, not a switch: a switch on an enum makes a synthetic class whose loading loads
        // NoSuchFieldError, a JDK class, while the transformer works (TransformerLoadsNoClassTest)
        if (kind == JdkCalls.UnsafeStore.PUT) {
            after.add(new VarInsnNode(ALOAD, value));
            after.add(call("unsafeStored", "(" + OBJ + "J" + OBJ + ")V"));
        } else if (kind == JdkCalls.UnsafeStore.SWAP) {
            after.add(new VarInsnNode(ALOAD, value));
            after.add(call("unsafeSwapped", "(Z" + OBJ + "J" + OBJ + ")Z"));
        } else if (kind == JdkCalls.UnsafeStore.EXCHANGE) {
            after.add(new VarInsnNode(ALOAD, expected));
            after.add(new VarInsnNode(ALOAD, value));
            after.add(call("unsafeExchanged", "(" + OBJ + OBJ + "J" + OBJ + OBJ + ")" + OBJ));
        } else {
            after.add(new VarInsnNode(ALOAD, value));
            after.add(call("unsafeReplaced", "(" + OBJ + OBJ + "J" + OBJ + ")" + OBJ));
        }
        m.instructions.insert(call, after);
    }

    /**
     * A lambda's captured references: its hidden class's constructor stores them where no transformer
     * sees (hidden classes are not shown to agents), so the call site records them. The captured
     * values, the {@code invokedynamic}'s arguments, are kept in fresh locals above the method's own and
     * pushed again; after the call the lambda and its reference arguments (with their positions among
     * the arguments, which name the hidden class's fields {@code arg$1}, {@code arg$2}, ...) go to the
     * recorder, three at a time, and the fresh locals are cleared so that the recording JVM does not
     * keep what they held. A lambda that captures no reference records nothing (a non-capturing one is
     * made once, when its call site is linked).
     */
    void captures(InvokeDynamicInsnNode indy) {
        Type[] args = Type.getArgumentTypes(indy.desc);
        int first = -1;
        List<Integer> refs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].getSort() == Type.OBJECT || args[i].getSort() == Type.ARRAY) {
                refs.add(i);
                first = first < 0 ? i : first;
            }
        }
        if (refs.isEmpty()) {
            return;
        }
        int[] at = new int[args.length];
        for (int i = first, next = locals; i < args.length; i++) {
            at[i] = next;
            next += args[i].getSize();
        }
        InsnList before = new InsnList();
        for (int i = args.length - 1; i >= first; i--) {
            before.add(new VarInsnNode(args[i].getOpcode(ISTORE), at[i]));
        }
        for (int i = first; i < args.length; i++) {
            before.add(new VarInsnNode(args[i].getOpcode(ILOAD), at[i]));
        }
        m.instructions.insertBefore(indy, before);
        InsnList after = new InsnList();
        for (int g = 0; g < refs.size(); g += MAX_CAPTURES) {
            after.add(new InsnNode(DUP));
            for (int j = g; j < g + MAX_CAPTURES; j++) {
                if (j < refs.size()) {
                    after.add(new VarInsnNode(ALOAD, at[refs.get(j)]));
                    after.add(push(refs.get(j)));
                } else {
                    after.add(new InsnNode(ACONST_NULL));
                    after.add(push(-1));
                }
            }
            after.add(call("captured", "(" + OBJ + OBJ + "I" + OBJ + "I" + OBJ + "I)V"));
        }
        for (int r : refs) {
            after.add(new InsnNode(ACONST_NULL));
            after.add(new VarInsnNode(ASTORE, at[r]));
        }
        m.instructions.insert(indy, after);
    }
}
