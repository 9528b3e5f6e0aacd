package org.jmmtk.agent.inst;

import static org.jmmtk.agent.inst.RecorderCalls.after;
import static org.jmmtk.agent.inst.RecorderCalls.backtrace;
import static org.jmmtk.agent.inst.RecorderCalls.call;
import static org.jmmtk.agent.inst.RecorderCalls.dead;
import static org.jmmtk.agent.inst.RecorderCalls.local;
import static org.jmmtk.agent.inst.RecorderCalls.push;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jmmtk.agent.rt.Refs;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Rewrites one method so that it reports to the recorder: allocations ({@code NEW} where it runs, with
 * a reservation that the object takes at its constructor's entry or when its {@code <init>} returns;
 * arrays, {@code clone()}, reflective and {@code Unsafe}'s allocation after they complete, the backtrace the JVM
 * makes for a throwable), requests for a collection
 * ({@code Runtime.gc()}),
 * reference stores before {@code PUTFIELD}/{@code PUTSTATIC}, {@code AASTORE} replaced by a call that
 * stores and records, a lambda's captured references after its {@code invokedynamic}, reference locals
 * after {@code ASTORE}, and the frame's entry and exit (every return, and a catch-all handler that
 * reports the exit and rethrows). A constructor's frame starts
 * after its {@code super()}/{@code this()} call, when {@code this} may be passed around; the
 * reference fields it set before that call (an inner class's {@code this$0}) are recorded then.
 * Inserted code leaves the operand stack as it found it and adds no locals but fresh ones above the
 * method's own, written and read between two of its instructions (around an {@code Unsafe} store or
 * a lambda's {@code invokedynamic}), so the method's stack map frames stay valid; only the handler
 * needs a frame of its own. Which JDK calls are allocations, stores or intrinsics is {@link JdkCalls}'s table.
 */
final class MethodRewriter implements Opcodes {
    /** Reference locals passed to the recorder with the frame's entry (its {@code enter} takes three). */
    private static final int MAX_ENTRY_ARGUMENTS = 3;

    private final String owner;
    private final MethodNode m;
    private final boolean frames;
    private final boolean classConstants;
    private final boolean systemSeen;
    private final boolean liveness;
    private final int locals;
    private final OperandSpills spills;
    private Liveness live;
    /** The locals live during a call or an allocation ({@link Liveness#heldAcrossCollections}); null: all of them. */
    private long[] held;

    /** A {@code NEW} whose {@code <init>} is yet to come; {@code reserved} when the recorder is told at the {@code NEW}. */
    private record PendingNew(String type, boolean dup, boolean reserved) {
    }

    /**
     * {@code frames}: the class file has stack map frames; {@code classConstants}: it may load class
     * constants (version 49 and later); {@code systemSeen}: {@code java.lang.System} is instrumented,
     * so its {@code gc()} reports the call to {@code Runtime.gc()} it makes; {@code liveness}: reference
     * locals are reported dead where they become dead ({@link Liveness}), else when overwritten.
     */
    MethodRewriter(String owner, MethodNode m, boolean frames, boolean classConstants, boolean systemSeen,
            boolean liveness) {
        this.owner = owner;
        this.m = m;
        this.frames = frames;
        this.classConstants = classConstants;
        this.systemSeen = systemSeen;
        this.liveness = liveness;
        this.locals = m.maxLocals;
        this.spills = new OperandSpills(m, locals);
    }

    void rewrite() {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == JSR || insn.getOpcode() == RET) {
                return; // subroutines (pre-Java 6 finally blocks) keep return addresses in locals
            }
        }
        boolean ctor = m.name.equals("<init>");
        boolean entered = !ctor;
        boolean framed = ctor || !leaf() && holdsReferences();
        AbstractInsnNode superCall = null;
        Deque<PendingNew> pending = new ArrayDeque<>();
        List<FieldInsnNode> earlyStores = new ArrayList<>();
        InsnList code = m.instructions;
        live = liveness && framed ? analysed() : null;
        held = live == null ? null : live.heldAcrossCollections();
        if (!ctor && held != null && none(held) && !makesObjects()) {
            // no local is live where a collection may start: its slots would be null at every one (see heldAcrossCollections)
            framed = false;
            live = null;
        }
        Set<AbstractInsnNode> deadStores = new HashSet<>();
        Set<AbstractInsnNode> clearingStores = new HashSet<>();
        List<AbstractInsnNode> clears = deaths(deadStores, clearingStores);
        for (AbstractInsnNode insn : code.toArray()) {
            switch (insn.getOpcode()) {
                case NEW -> {
                    String type = ((TypeInsnNode) insn).desc;
                    boolean dup = next(insn) == DUP;
                    if (dup && classConstants) {
                        InsnList l = new InsnList();
                        l.add(new LdcInsnNode(Type.getObjectType(type)));
                        l.add(call("reserve", "(Ljava/lang/Class;)V"));
                        code.insert(insn, l);
                    }
                    pending.push(new PendingNew(type, dup, dup && classConstants));
                }
                case NEWARRAY, ANEWARRAY -> code.insert(insn, after("allocated"));
                case MULTIANEWARRAY -> code.insert(insn, after("multiArray"));
                case INVOKESPECIAL, INVOKEVIRTUAL, INVOKESTATIC -> {
                    MethodInsnNode call = (MethodInsnNode) insn;
                    if (call.name.equals("<init>")) {
                        if (!pending.isEmpty() && pending.peek().type.equals(call.owner)) {
                            PendingNew made = pending.pop();
                            if (made.dup) {
                                code.insert(insn, after(made.reserved ? "constructed" : "allocated"));
                            }
                        } else if (!entered) {
                            entered = true;
                            superCall = insn;
                        }
                    } else if (JdkCalls.explicitGc(call, systemSeen)) {
                        code.insertBefore(insn, call("collect", "()V"));
                    } else if (call.name.equals("clone") && call.desc.equals("()Ljava/lang/Object;")) {
                        code.insert(insn, after("cloned"));
                    } else if (JdkCalls.reflective(call) || JdkCalls.allocatingIntrinsic(call)) {
                        code.insert(insn, after("allocated"));
                    } else if (JdkCalls.backtrace(call)) {
                        code.insert(insn, backtrace());
                    } else if (JdkCalls.intrinsic(call.owner, call.name, call.desc)) {
                        code.insert(insn, after("cloned"));
                    } else if (call.owner.equals("java/lang/System") && call.name.equals("arraycopy")) {
                        code.set(insn, call("arraycopy", call.desc));
                    } else if (JdkCalls.unsafe(call.owner)) {
                        spills.unsafe(call);
                    }
                }
                case INVOKEDYNAMIC -> {
                    InvokeDynamicInsnNode indy = (InvokeDynamicInsnNode) insn;
                    if (JdkCalls.lambda(indy)) {
                        spills.captures(indy);
                    }
                }
                case PUTFIELD -> {
                    FieldInsnNode f = (FieldInsnNode) insn;
                    if (reference(f.desc)) {
                        if (entered) {
                            InsnList l = new InsnList();
                            l.add(new InsnNode(DUP2));
                            l.add(push(Refs.field(f.owner, f.name)));
                            l.add(call("putField", "(Ljava/lang/Object;Ljava/lang/Object;I)V"));
                            code.insertBefore(insn, l);
                        } else if (f.owner.equals(owner)) {
                            earlyStores.add(f);
                        }
                    }
                }
                case PUTSTATIC -> {
                    FieldInsnNode f = (FieldInsnNode) insn;
                    if (reference(f.desc)) {
                        InsnList l = new InsnList();
                        l.add(new InsnNode(DUP));
                        l.add(push(Refs.staticField(f.owner, f.name)));
                        l.add(call("putStatic", "(Ljava/lang/Object;I)V"));
                        code.insertBefore(insn, l);
                    }
                }
                case AASTORE -> code.set(insn, call("aastore", "([Ljava/lang/Object;ILjava/lang/Object;)V"));
                case ASTORE -> {
                    if (entered && framed && !deadStores.contains(insn)) {
                        int var = ((VarInsnNode) insn).var;
                        code.insert(insn, clearingStores.contains(insn) ? dead(var) : local(var));
                    }
                }
                case IRETURN, LRETURN, FRETURN, DRETURN, ARETURN, RETURN -> {
                    if (entered && framed) {
                        code.insertBefore(insn, call("exit", "()V"));
                    }
                }
                default -> {
                }
            }
        }
        if (entered && framed) {
            frame(ctor, superCall, earlyStores);
        }
        dropEarlyClears(clears, entered && framed ? superCall : null, entered && framed);
    }

    /**
     * Inserts the clears of locals where they become dead, and collects the {@code ASTORE}s whose value
     * is never read: those that only store ({@code deadStores}: nothing is recorded) and those that
     * overwrite a slot a handler kept live ({@code clearingStores}: recorded as a clear). Returns the
     * clears' calls, since a constructor's before its {@code super()} call are dropped again.
     */
    private List<AbstractInsnNode> deaths(Set<AbstractInsnNode> deadStores, Set<AbstractInsnNode> clearingStores) {
        List<AbstractInsnNode> calls = new ArrayList<>();
        if (live == null) {
            return calls;
        }
        for (int i = 0; i < live.size(); i++) {
            byte dead = live.deadStore(i);
            if (live.insn(i).getOpcode() == ASTORE && !observed(((VarInsnNode) live.insn(i)).var)) {
                deadStores.add(live.insn(i)); // never held where a collection may start: its slot stays null
            } else if (dead == Liveness.DEAD_STORE) {
                deadStores.add(live.insn(i));
            } else if (dead == Liveness.CLEARING_STORE) {
                clearingStores.add(live.insn(i));
            }
            long[] bits = live.clearsBefore(i);
            if (bits != null) {
                AbstractInsnNode at = live.insn(i);
                List<LabelNode> labels = labelsAt(at);
                for (int w = 0; w < bits.length; w++) {
                    for (long b = bits[w] & observedWord(w); b != 0; b &= b - 1) {
                        InsnList l = dead((w << 6) + Long.numberOfTrailingZeros(b));
                        calls.add(l.getLast());
                        m.instructions.insertBefore(at, l);
                    }
                }
                if (at.getOpcode() == NEW && !labels.isEmpty()) {
                    LabelNode moved = new LabelNode();
                    m.instructions.insertBefore(at, moved);
                    uninitializedAt(labels, moved);
                }
            }
        }
        return calls;
    }

    /** The labels just before {@code insn} (at its offset). */
    private static List<LabelNode> labelsAt(AbstractInsnNode insn) {
        List<LabelNode> labels = new ArrayList<>();
        for (AbstractInsnNode n = insn.getPrevious(); n != null && n.getOpcode() < 0; n = n.getPrevious()) {
            if (n instanceof LabelNode l) {
                labels.add(l);
            }
        }
        return labels;
    }

    /**
     * The stack map frames' uninitialized values made by a {@code NEW} at one of {@code labels} now
     * name {@code moved}, the label just before it again (clears were inserted between them).
     */
    private void uninitializedAt(List<LabelNode> labels, LabelNode moved) {
        for (AbstractInsnNode n : m.instructions) {
            if (n instanceof FrameNode f) {
                replace(f.local, labels, moved);
                replace(f.stack, labels, moved);
            }
        }
    }

    private static void replace(List<Object> types, List<LabelNode> labels, LabelNode moved) {
        if (types == null) {
            return;
        }
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i) instanceof LabelNode l && labels.contains(l)) {
                types.set(i, moved);
            }
        }
    }

    /** Removes the clears that run before the frame is entered ({@code entry}: where it is; all when it is never entered). */
    private void dropEarlyClears(List<AbstractInsnNode> clears, AbstractInsnNode entry, boolean entered) {
        if (clears.isEmpty() || entered && entry == null) {
            return;
        }
        Set<AbstractInsnNode> early = new HashSet<>();
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null && insn != entry; insn = insn.getNext()) {
            early.add(insn);
        }
        for (AbstractInsnNode call : clears) {
            if (early.contains(call)) {
                m.instructions.remove(call.getPrevious());
                m.instructions.remove(call);
            }
        }
    }

    /** Whether the method has a reference in a local at some point: a receiver, a reference argument or an {@code ASTORE}. */
    private boolean holdsReferences() {
        if ((m.access & ACC_STATIC) == 0) {
            return true;
        }
        for (Type t : Type.getArgumentTypes(m.desc)) {
            if (t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY) {
                return true;
            }
        }
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == ASTORE) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the method neither calls nor allocates: no collection can start while it runs on this
     * thread, so its locals never decide what a collection keeps, and it gets no frame (its stores
     * are recorded all the same). A use of what only its locals held is covered by the post-pass's pins.
     */
    private boolean leaf() {
        for (AbstractInsnNode insn : m.instructions) {
            if (Liveness.mayCollect(insn.getOpcode())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the method has a {@code NEW}: its reservation is tied to the frame's depth (a constructor
     * that throws leaves it until the frame exits), so such a method keeps its frame.
     */
    private boolean makesObjects() {
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == NEW) {
                return true;
            }
        }
        return false;
    }

    /** Whether stores into local {@code var} are recorded: it is live during some call or allocation (or no analysis says otherwise). */
    private boolean observed(int var) {
        return held == null || (observedWord(var >>> 6) & 1L << var) != 0;
    }

    private long observedWord(int w) {
        return held == null ? -1L : held[w];
    }

    private static boolean none(long[] bits) {
        for (long b : bits) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    /** The frame's entry (arguments as its first locals) and the catch-all exit around the body. */
    private void frame(boolean ctor, AbstractInsnNode superCall, List<FieldInsnNode> earlyStores) {
        InsnList entry = new InsnList();
        List<Integer> refs = new ArrayList<>();
        int var = 0;
        if ((m.access & ACC_STATIC) == 0) {
            refs.add(0);
            var = 1;
        }
        for (Type t : Type.getArgumentTypes(m.desc)) {
            if (t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY) {
                refs.add(var);
            }
            var += t.getSize();
        }
        AbstractInsnNode start0 = ctor ? superCall.getNext() : m.instructions.getFirst();
        // the frame and its first reference arguments in one call (one guard), the others one by one; a
        // constructor's call also names the object under construction, first seen there (it takes its
        // reservation; entering the frame records nothing, so the two may share a call)
        entry.add(push(locals));
        for (int i = 0; i < MAX_ENTRY_ARGUMENTS; i++) {
            if (i < refs.size() && (ctor && i == 0 || liveAt(start0, refs.get(i)) && observed(refs.get(i)))) {
                entry.add(new VarInsnNode(ALOAD, refs.get(i)));
                if (!ctor || i > 0) {
                    entry.add(push(refs.get(i)));
                }
            } else {
                entry.add(new InsnNode(ACONST_NULL));
                entry.add(push(-1));
            }
        }
        entry.add(ctor ? call("enterConstructor", "(ILjava/lang/Object;Ljava/lang/Object;ILjava/lang/Object;I)V")
                : call("enter", "(ILjava/lang/Object;ILjava/lang/Object;ILjava/lang/Object;I)V"));
        if (ctor && (!liveAt(start0, 0) || !observed(0))) {
            entry.add(dead(0)); // the object under construction, named at the entry and not read again where a collection may start
        }
        for (int i = MAX_ENTRY_ARGUMENTS; i < refs.size(); i++) {
            if (liveAt(start0, refs.get(i)) && observed(refs.get(i))) {
                entry.add(local(refs.get(i)));
            }
        }
        for (FieldInsnNode f : earlyStores) {
            entry.add(new VarInsnNode(ALOAD, 0));
            entry.add(new VarInsnNode(ALOAD, 0));
            entry.add(new FieldInsnNode(GETFIELD, f.owner, f.name, f.desc));
            entry.add(push(Refs.field(f.owner, f.name)));
            entry.add(call("putField", "(Ljava/lang/Object;Ljava/lang/Object;I)V"));
        }
        LabelNode start = new LabelNode();
        entry.add(start);
        if (ctor) {
            m.instructions.insert(superCall, entry);
        } else {
            m.instructions.insert(entry);
        }
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        m.instructions.add(end);
        m.instructions.add(handler);
        if (frames) {
            m.instructions.add(new FrameNode(F_NEW, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"}));
        }
        m.instructions.add(call("exit", "()V"));
        m.instructions.add(new InsnNode(ATHROW));
        m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    /** The liveness of the method's locals, or null when it cannot be had (the method then keeps its locals until overwritten). */
    private Liveness analysed() {
        try {
            return Liveness.of(m);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Whether local {@code var} may be read from {@code insn} on (of the method as read; always without the analysis). */
    private boolean liveAt(AbstractInsnNode insn, int var) {
        return live == null || insn == null || live.liveFrom(insn, var);
    }

    private static boolean reference(String desc) {
        return desc.charAt(0) == 'L' || desc.charAt(0) == '[';
    }

    /** The opcode of the next real instruction (labels, line numbers and frames skipped). */
    private static int next(AbstractInsnNode insn) {
        AbstractInsnNode n = insn.getNext();
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n == null ? -1 : n.getOpcode();
    }
}
