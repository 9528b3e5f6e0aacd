package org.jmmtk.agent.inst;

import org.jmmtk.agent.rt.Refs;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The instructions that call the recorder ({@code org.jmmtk.agent.rt.Recorder}'s entry points) from
 * instrumented code: a static call by name and descriptor, and the short sequences around it that push
 * its operands and leave the operand stack as they found it. Used by {@link MethodRewriter},
 * {@link OperandSpills} and {@link Instrumenter}.
 *
 * <p>Threads: any (static, stateless); the transformer's, while a class loads.
 */
final class RecorderCalls implements Opcodes {
    private static final String RT = "org/jmmtk/agent/rt/Recorder";
    static final String OBJ = "Ljava/lang/Object;";

    private RecorderCalls() {
    }

    /** Local {@code var} is dead from here on ({@code Recorder.dead}). */
    static InsnList dead(int var) {
        InsnList l = new InsnList();
        l.add(push(var));
        l.add(call("dead", "(I)V"));
        return l;
    }

    /** Local {@code var} now holds what it holds ({@code Recorder.local}). */
    static InsnList local(int var) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(ALOAD, var));
        l.add(push(var));
        l.add(call("local", "(Ljava/lang/Object;I)V"));
        return l;
    }

    /** After an instruction that leaves an object on the stack: entry point {@code hook} is shown that object, which stays on the stack. */
    static InsnList after(String hook) {
        InsnList l = new InsnList();
        l.add(new InsnNode(DUP));
        l.add(call(hook, "(Ljava/lang/Object;)V"));
        return l;
    }

    /**
     * After {@code Throwable.fillInStackTrace(int)}, which returns its throwable: the throwable, the backtrace
     * the JVM stored in it (a private field, read here inside {@code Throwable}) and that field's number.
     */
    static InsnList backtrace() {
        InsnList l = new InsnList();
        l.add(new InsnNode(DUP));
        l.add(new InsnNode(DUP));
        l.add(new FieldInsnNode(GETFIELD, JdkCalls.THROWABLE, JdkCalls.BACKTRACE_FIELD, OBJ));
        l.add(push(Refs.field(JdkCalls.THROWABLE, JdkCalls.BACKTRACE_FIELD)));
        l.add(call("backtrace", "(" + OBJ + OBJ + "I)V"));
        return l;
    }

    /** A call of the recorder's entry point {@code name} of descriptor {@code desc}. */
    static MethodInsnNode call(String name, String desc) {
        return new MethodInsnNode(INVOKESTATIC, RT, name, desc, false);
    }

    /** The shortest instruction that pushes {@code value}. */
    static AbstractInsnNode push(int value) {
        if (value >= -1 && value <= 5) {
            return new InsnNode(ICONST_0 + value);
        }
        if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            return new IntInsnNode(BIPUSH, value);
        }
        if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            return new IntInsnNode(SIPUSH, value);
        }
        return new LdcInsnNode(value);
    }
}
