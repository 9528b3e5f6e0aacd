package org.jmmtk.agent.inst;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.junit.jupiter.api.Test;

/**
 * The clears {@link MethodRewriter} inserts from {@link Liveness}, checked against an independent
 * analysis on every method of a few large JDK classes (loops, switches, nested handlers, finally
 * blocks): a live-variable analysis per instruction (not per block) gives each instruction's live
 * reference locals, and a forward analysis of the rewritten code gives the slots the recorder may hold
 * there (set by the entry and {@code Recorder.local}, emptied by {@code Recorder.dead}) and the slots it
 * holds there on every path. At every call and allocation the recorder holds no dead local and holds
 * every live one (a method without a frame has no live local at any of them); no clear removes a live
 * local. Stores of locals that no call or allocation finds live are not recorded, and methods whose
 * calls and allocations find no local live have no frame ({@link Liveness#heldAcrossCollections}).
 */
class LivenessTest implements Opcodes {
    private static final List<String> CLASSES = List.of("java/util/HashMap", "java/util/TreeMap",
            "java/util/concurrent/ConcurrentHashMap", "java/util/regex/Pattern", "java/util/Formatter",
            "java/lang/invoke/MethodHandles$Lookup", "java/io/ObjectInputStream", "java/util/stream/Collectors",
            "java/lang/Thread", "java/net/URI", "java/util/Scanner", "java/lang/String");
    private static final String RT = "org/jmmtk/agent/rt/Recorder";
    /** Objects in {@code Big.run}: instrumented, it fits in 64 KB without its clears and not with them. */
    private static final int BIG = 2000;

    @Test
    void theRecorderHoldsNoDeadLocalAtAnyCallOrAllocationAndClearsNoLiveOne() throws IOException {
        int methods = 0;
        int clears = 0;
        int[] unrecorded = new int[2];
        for (String name : CLASSES) {
            byte[] bytes;
            try (InputStream in = Object.class.getResourceAsStream("/" + name + ".class")) {
                bytes = in.readAllBytes();
            }
            ClassNode cls = new ClassNode();
            new ClassReader(bytes).accept(cls, ClassReader.EXPAND_FRAMES);
            for (MethodNode m : cls.methods) {
                if (m.instructions.size() == 0 || JdkCalls.intrinsic(cls.name, m.name, m.desc)) {
                    continue;
                }
                Map<AbstractInsnNode, BitSet> live = liveBefore(m);
                AbstractInsnNode[] original = m.instructions.toArray();
                new MethodRewriter(cls.name, m, true, true, true, true).rewrite();
                String where = cls.name + "." + m.name + m.desc;
                clears += check(m, live, original, where, unrecorded);
                methods++;
            }
        }
        assertTrue(methods > 1000, "methods checked: " + methods);
        assertTrue(clears > 1000, "clears checked: " + clears);
        // what the recorder is spared: stores no collection could see, frames of methods that call with no local live
        assertTrue(unrecorded[0] > 300, "stores of locals live at no call or allocation, not recorded: " + unrecorded[0]);
        assertTrue(unrecorded[1] > 200, "methods that call or allocate with no frame: " + unrecorded[1]);
    }

    /**
     * A method that fits in 64 KB instrumented without the clears and not with them is instrumented
     * without them (its locals stay roots until overwritten); the class loads and verifies.
     */
    @Test
    void aMethodTheClearsWouldMakeTooLargeIsInstrumentedWithoutThem() throws Exception {
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        w.visit(V17, ACC_PUBLIC, "Big", null, "java/lang/Object", null);
        MethodVisitor mv = w.visitMethod(ACC_PUBLIC | ACC_STATIC, "run", "()V", null, null);
        mv.visitCode();
        for (int k = 0; k < BIG; k++) {
            int slot = 1 + k % 200; // each object in a local of its own, live across one call, read once after it
            mv.visitTypeInsn(NEW, "java/lang/Object");
            mv.visitInsn(DUP);
            mv.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
            mv.visitVarInsn(ASTORE, slot);
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/Thread", "onSpinWait", "()V", false);
            mv.visitVarInsn(ALOAD, slot);
            mv.visitInsn(POP);
        }
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        w.visitEnd();
        Instrumenter instrumenter = new Instrumenter("", "", null, "");
        java.lang.reflect.Method rewrite = Instrumenter.class.getDeclaredMethod("rewrite", byte[].class);
        rewrite.setAccessible(true);
        byte[] made = (byte[]) rewrite.invoke(instrumenter, (Object) w.toByteArray());
        ClassNode cls = new ClassNode();
        new ClassReader(made).accept(cls, 0);
        MethodNode run = cls.methods.stream().filter(m -> m.name.equals("run")).findFirst().orElseThrow();
        int locals = 0;
        int clears = 0;
        for (AbstractInsnNode insn : run.instructions) {
            locals += recorder(insn, "local") ? 1 : 0;
            clears += recorder(insn, "dead") ? 1 : 0;
        }
        assertTrue(locals == BIG && clears == 0, "stores recorded: " + locals + ", clears: " + clears);
        Class<?> loaded = new ClassLoader(null) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                if (name.equals("Big")) {
                    return defineClass(name, made, 0, made.length);
                }
                if (name.startsWith("org.jmmtk.agent.rt.")) {
                    return LivenessTest.class.getClassLoader().loadClass(name);
                }
                return super.findClass(name);
            }
        }.loadClass("Big");
        assertTrue(loaded.getDeclaredMethods().length > 0, "the class verifies and links");
    }

    /**
     * Checks one rewritten method; returns how many clears it has, and adds to {@code unrecorded} the
     * {@code ASTORE}s of values read later that are not recorded and whether it calls or allocates without a frame.
     */
    private static int check(MethodNode m, Map<AbstractInsnNode, BitSet> live, AbstractInsnNode[] original, String where,
            int[] unrecorded) {
        InsnList code = m.instructions;
        AbstractInsnNode[] insns = code.toArray();
        Map<AbstractInsnNode, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < insns.length; i++) {
            index.put(insns[i], i);
        }
        int clears = 0;
        for (int i = 0; i < insns.length; i++) {
            if (recorder(insns[i], "dead")) {
                clears++;
                int slot = constant(insns[i].getPrevious());
                AbstractInsnNode next = nextOriginal(insns[i], live);
                assertTrue(next == null || !live.get(next).get(slot), where + ": clears live local " + slot + " at " + i);
            }
        }
        boolean framed = hasFrame(insns);
        for (AbstractInsnNode insn : original) {
            if (insn.getOpcode() == ASTORE && index.containsKey(insn)) {
                int slot = ((VarInsnNode) insn).var;
                AbstractInsnNode next = nextOriginal(insn.getNext(), live);
                boolean liveAfter = next != null && live.get(next).get(slot);
                boolean recorded = recorder(insn.getNext().getNext().getNext(), "local");
                unrecorded[0] += liveAfter && !recorded ? 1 : 0;
            }
        }
        BitSet[] held = held(m, insns, index, live, false);
        BitSet[] sure = held(m, insns, index, live, true);
        boolean collects = false;
        for (AbstractInsnNode insn : original) {
            Integer i = index.get(insn);
            if (i == null || held[i] == null || !allocates(insn)) {
                continue;
            }
            collects = true;
            String at = " at instruction " + i + " (opcode " + insn.getOpcode()
                    + (insn instanceof MethodInsnNode c ? " " + c.owner + "." + c.name : "") + ")";
            BitSet dead = (BitSet) held[i].clone();
            dead.andNot(live.get(insn));
            assertTrue(dead.isEmpty(), where + ": dead locals " + dead + " held" + at);
            if (!framed || entered(insns, i)) {
                BitSet missing = (BitSet) live.get(insn).clone();
                missing.andNot(sure[i]);
                assertTrue(missing.isEmpty(), where + ": live locals " + missing + " not held" + at);
            }
        }
        unrecorded[1] += collects && !framed ? 1 : 0;
        return clears;
    }

    private static boolean hasFrame(AbstractInsnNode[] insns) {
        for (AbstractInsnNode insn : insns) {
            if (recorder(insn, "enter") || recorder(insn, "enterConstructor")) {
                return true;
            }
        }
        return false;
    }

    /** Whether the frame's entry comes before instruction {@code i} in the list. */
    private static boolean entered(AbstractInsnNode[] insns, int i) {
        for (int k = 0; k < i; k++) {
            if (recorder(insns[k], "enter") || recorder(insns[k], "enterConstructor")) {
                return true;
            }
        }
        return false;
    }

    /** The first instruction of the method as analysed at or after {@code insn}. */
    private static AbstractInsnNode nextOriginal(AbstractInsnNode insn, Map<AbstractInsnNode, BitSet> live) {
        for (AbstractInsnNode n = insn; n != null; n = n.getNext()) {
            if (n.getOpcode() >= 0 && live.containsKey(n)) {
                return n;
            }
        }
        return null;
    }

    private static boolean allocates(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        return op >= INVOKEVIRTUAL && op <= INVOKEDYNAMIC || op == NEW || op == NEWARRAY || op == ANEWARRAY
                || op == MULTIANEWARRAY;
    }

    private static boolean recorder(AbstractInsnNode insn, String name) {
        return insn instanceof MethodInsnNode c && c.owner.equals(RT) && c.name.equals(name);
    }

    private static int constant(AbstractInsnNode insn) {
        if (insn instanceof IntInsnNode i) {
            return i.operand;
        }
        if (insn instanceof LdcInsnNode l) {
            return (Integer) l.cst;
        }
        return insn.getOpcode() - ICONST_0;
    }

    /**
     * Forward: the slots the recorder may hold before each instruction of the rewritten method, or with
     * {@code sure} those it holds on every path there (null: unreached). Exceptions come from the
     * method's own instructions, not from the inserted calls (which catch what they throw) and pushes.
     */
    private static BitSet[] held(MethodNode m, AbstractInsnNode[] insns, Map<AbstractInsnNode, Integer> index,
            Map<AbstractInsnNode, BitSet> original, boolean sure) {
        BitSet[] in = new BitSet[insns.length];
        in[0] = new BitSet();
        Deque<Integer> work = new ArrayDeque<>();
        work.add(0);
        while (!work.isEmpty()) {
            int i = work.poll();
            BitSet out = (BitSet) in[i].clone();
            AbstractInsnNode insn = insns[i];
            if (recorder(insn, "local")) {
                out.set(constant(insn.getPrevious()));
            } else if (recorder(insn, "dead")) {
                out.clear(constant(insn.getPrevious()));
            } else if (recorder(insn, "enter")) {
                storedAtEntry(insn, 3, out);
            } else if (recorder(insn, "enterConstructor")) {
                storedAtEntry(insn, 2, out);
                out.set(0);
            }
            for (int s : successors(m, insns, index, i, original.containsKey(insn))) {
                BitSet from = s == i + 1 || !isHandler(m, insns[s]) ? out : in[i];
                BitSet merged = (BitSet) (in[s] == null ? from : in[s]).clone();
                if (sure) {
                    merged.and(from);
                } else {
                    merged.or(from);
                }
                if (!merged.equals(in[s])) {
                    in[s] = merged;
                    work.add(s);
                }
            }
        }
        return in;
    }

    /** The slots an entry call stores: the last {@code pairs} (value, slot) arguments, a slot below 0 storing none. */
    private static void storedAtEntry(AbstractInsnNode call, int pairs, BitSet held) {
        AbstractInsnNode p = call;
        for (int k = 0; k < pairs; k++) {
            p = p.getPrevious();
            int slot = constant(p);
            if (slot >= 0) {
                held.set(slot);
            }
            p = p.getPrevious();
        }
    }

    private static boolean isHandler(MethodNode m, AbstractInsnNode insn) {
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            if (t.handler == insn) {
                return true;
            }
        }
        return false;
    }

    /** Normal successors and the handlers covering instruction {@code i}. */
    private static int[] successors(MethodNode m, AbstractInsnNode[] insns, Map<AbstractInsnNode, Integer> index, int i,
            boolean throwing) {
        AbstractInsnNode insn = insns[i];
        int op = insn.getOpcode();
        BitSet out = new BitSet();
        if (insn instanceof JumpInsnNode j) {
            out.set(index.get(j.label));
        } else if (insn instanceof TableSwitchInsnNode t) {
            out.set(index.get(t.dflt));
            t.labels.forEach(l -> out.set(index.get(l)));
        } else if (insn instanceof LookupSwitchInsnNode t) {
            out.set(index.get(t.dflt));
            t.labels.forEach(l -> out.set(index.get(l)));
        }
        boolean falls = !(op == GOTO || insn instanceof TableSwitchInsnNode || insn instanceof LookupSwitchInsnNode
                || op >= IRETURN && op <= RETURN || op == ATHROW);
        if (falls && i + 1 < insns.length) {
            out.set(i + 1);
        }
        if (op >= 0 && throwing) {
            for (TryCatchBlockNode t : m.tryCatchBlocks) {
                if (index.get(t.start) <= i && i < index.get(t.end)) {
                    out.set(index.get(t.handler));
                }
            }
        }
        return out.stream().toArray();
    }

    /** Backward, per instruction: the reference locals read before they are overwritten, from each instruction on. */
    private static Map<AbstractInsnNode, BitSet> liveBefore(MethodNode m) {
        AbstractInsnNode[] insns = m.instructions.toArray();
        Map<AbstractInsnNode, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < insns.length; i++) {
            index.put(insns[i], i);
        }
        BitSet[] in = new BitSet[insns.length];
        for (int i = 0; i < insns.length; i++) {
            in[i] = new BitSet();
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = insns.length - 1; i >= 0; i--) {
                BitSet s = new BitSet();
                for (int k : successors(m, insns, index, i, true)) {
                    s.or(in[k]);
                }
                AbstractInsnNode insn = insns[i];
                if (insn instanceof VarInsnNode v) {
                    int op = insn.getOpcode();
                    if (op == ALOAD) {
                        s.set(v.var);
                    } else if (op == LSTORE || op == DSTORE) {
                        s.clear(v.var, v.var + 2);
                    } else if (op >= ISTORE && op <= ASTORE) {
                        s.clear(v.var);
                    }
                    for (TryCatchBlockNode t : m.tryCatchBlocks) {
                        if (index.get(t.start) <= i && i < index.get(t.end)) {
                            s.or(in[index.get(t.handler)]);
                        }
                    }
                }
                if (!s.equals(in[i])) {
                    in[i] = s;
                    changed = true;
                }
            }
        }
        Map<AbstractInsnNode, BitSet> out = new IdentityHashMap<>();
        for (int i = 0; i < insns.length; i++) {
            out.put(insns[i], in[i]);
        }
        return out;
    }
}
