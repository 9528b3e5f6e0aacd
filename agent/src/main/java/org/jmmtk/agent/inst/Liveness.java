package org.jmmtk.agent.inst;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Which reference locals of one method are live, that is read by an {@code ALOAD} before anything
 * stores into them, as HotSpot's oop maps see them: a backward dataflow over the method's basic
 * blocks, where a block inside a protected range also flows into its handler (a local the handler
 * reads is live across the whole range). {@link MethodRewriter} uses it to tell the recorder that a
 * local is dead where it becomes dead, so that a collection does not keep what only a dead local
 * refers to: after a local's last read in a block ({@link #clears}), at the entry of a block where
 * it is dead that a block where it may be held reaches (a branch's other side, a handler), and
 * instead of an {@code ASTORE} whose value is never read ({@link #deadStore}). The recorder's slot
 * changes only at an {@code ASTORE} and at these clears, so a slot is null wherever its local is dead.
 * Made and used by the thread that transforms the class, on the method as it was read.
 */
final class Liveness implements Opcodes {
    /** Largest analysis (instructions times words of the slot bit sets) done; a larger method keeps its locals until overwritten. */
    private static final long MAX_WORK = 1L << 22;

    /** An {@code ASTORE} whose value is never read, into a slot already dead. */
    static final byte DEAD_STORE = 1;
    /** An {@code ASTORE} whose value is never read, into a slot a handler's read kept live until then. */
    static final byte CLEARING_STORE = 2;

    private final AbstractInsnNode[] insns;
    private final int words;
    private final int[] blockStart;
    private final int[] blockOf;
    private final long[] liveOut;
    private final long[][] handlers;
    private final int[][] handlerBlocks;
    /** Slots to clear just before each instruction (null: none). */
    private final long[][] clears;
    /** {@code ASTORE}s whose value is never read: {@link #DEAD_STORE}, or {@link #CLEARING_STORE} when the slot was held before (by a handler's read). */
    private final byte[] deadStores;

    private Liveness(AbstractInsnNode[] insns, int words, int[] blockStart, int[] blockOf, long[] liveOut,
            long[][] handlers, int[][] handlerBlocks) {
        this.insns = insns;
        this.words = words;
        this.blockStart = blockStart;
        this.blockOf = blockOf;
        this.liveOut = liveOut;
        this.handlers = handlers;
        this.handlerBlocks = handlerBlocks;
        this.clears = new long[insns.length][];
        this.deadStores = new byte[insns.length];
    }

    /** The analysis of {@code m} as it is now (before any rewriting), or null when it is too large to do. */
    static Liveness of(MethodNode m) {
        InsnList code = m.instructions;
        int n = code.size();
        int words = (m.maxLocals + 63) >>> 6;
        if (n == 0 || words == 0 || (long) n * words > MAX_WORK) {
            return null;
        }
        AbstractInsnNode[] insns = code.toArray();
        boolean[] leader = new boolean[n + 1];
        leader[0] = true;
        for (int i = 0; i < n; i++) {
            AbstractInsnNode insn = insns[i];
            if (insn instanceof LabelNode) {
                leader[i] = true;
            } else if (insn instanceof JumpInsnNode || insn instanceof TableSwitchInsnNode
                    || insn instanceof LookupSwitchInsnNode || ends(insn.getOpcode())) {
                leader[i + 1] = true;
            }
        }
        int blocks = 0;
        for (int i = 0; i < n; i++) {
            if (leader[i]) {
                blocks++;
            }
        }
        int[] blockStart = new int[blocks + 1];
        int[] blockOf = new int[n];
        int b = -1;
        for (int i = 0; i < n; i++) {
            if (leader[i]) {
                blockStart[++b] = i;
            }
            blockOf[i] = b;
        }
        blockStart[blocks] = n;
        int[][] succ = new int[blocks][];
        for (b = 0; b < blocks; b++) {
            succ[b] = successors(insns, blockStart, blockOf, b, code);
        }
        int[][] handlerBlocks = new int[blocks][];
        for (b = 0; b < blocks; b++) {
            handlerBlocks[b] = new int[0];
        }
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            int to = code.indexOf(t.end);
            int h = blockOf[code.indexOf(t.handler)];
            for (b = blockOf[code.indexOf(t.start)]; b < blocks && blockStart[b] < to; b++) {
                int[] hs = java.util.Arrays.copyOf(handlerBlocks[b], handlerBlocks[b].length + 1);
                hs[hs.length - 1] = h;
                handlerBlocks[b] = hs;
            }
        }
        long[] gen = new long[blocks * words];
        long[] kill = new long[blocks * words];
        for (b = 0; b < blocks; b++) {
            for (int i = blockStart[b + 1] - 1; i >= blockStart[b]; i--) {
                AbstractInsnNode insn = insns[i];
                if (insn instanceof VarInsnNode v) {
                    int var = v.var;
                    if (insn.getOpcode() == ALOAD) {
                        set(gen, b * words, var);
                        clear(kill, b * words, var);
                    } else if (insn.getOpcode() != RET) {
                        for (int k = 0; k < size(insn.getOpcode()); k++) {
                            clear(gen, b * words, var + k);
                            set(kill, b * words, var + k);
                        }
                    }
                }
            }
        }
        long[] liveIn = new long[blocks * words];
        long[] liveOut = new long[blocks * words];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (b = blocks - 1; b >= 0; b--) {
                int o = b * words;
                for (int w = 0; w < words; w++) {
                    long out = 0;
                    for (int s : succ[b]) {
                        out |= liveIn[s * words + w];
                    }
                    long exc = 0;
                    for (int h : handlerBlocks[b]) {
                        exc |= liveIn[h * words + w];
                    }
                    long in = gen[o + w] | (out & ~kill[o + w]) | exc;
                    liveOut[o + w] = out;
                    if (in != liveIn[o + w]) {
                        liveIn[o + w] = in;
                        changed = true;
                    }
                }
            }
        }
        long[][] handlers = new long[blocks][];
        for (b = 0; b < blocks; b++) {
            long[] exc = new long[words];
            for (int h : handlerBlocks[b]) {
                for (int w = 0; w < words; w++) {
                    exc[w] |= liveIn[h * words + w];
                }
            }
            handlers[b] = exc;
        }
        Liveness l = new Liveness(insns, words, blockStart, blockOf, liveOut, handlers, handlerBlocks);
        l.transitions(liveIn, succ);
        return l;
    }

    /** Where each local becomes dead: after a last read, at the entries of blocks, at dead stores. */
    private void transitions(long[] liveIn, int[][] succ) {
        int blocks = blockStart.length - 1;
        long[] entryClears = new long[blocks * words];
        long[] live = new long[words];
        long[] after = new long[words];
        long[] end = new long[words];
        long[] any = new long[words];
        for (int b = 0; b < blocks; b++) {
            System.arraycopy(liveOut, b * words, live, 0, words);
            System.arraycopy(liveIn, b * words, any, 0, words);
            System.arraycopy(liveIn, b * words, end, 0, words);
            boolean last = true;
            int nextIndex = -1;
            for (int i = blockStart[b + 1] - 1; i >= blockStart[b]; i--) {
                AbstractInsnNode insn = insns[i];
                if (insn.getOpcode() < 0) {
                    continue;
                }
                System.arraycopy(live, 0, after, 0, words);
                step(insn, live, handlers[b]);
                for (int w = 0; w < words; w++) {
                    any[w] |= live[w];
                }
                if (last) {
                    System.arraycopy(live, 0, end, 0, words);
                    if (insn.getOpcode() == ASTORE) {
                        clear(end, 0, ((VarInsnNode) insn).var);
                    }
                } else if (insn.getOpcode() == ALOAD && !get(after, 0, ((VarInsnNode) insn).var)
                        && !restoredAtOnce(nextIndex, blockStart[b + 1], ((VarInsnNode) insn).var)) {
                    clearBefore(nextIndex, ((VarInsnNode) insn).var);
                }
                if (insn.getOpcode() == ASTORE && !get(after, 0, ((VarInsnNode) insn).var)) {
                    deadStores[i] = get(live, 0, ((VarInsnNode) insn).var) ? CLEARING_STORE : DEAD_STORE;
                }
                last = false;
                nextIndex = i;
            }
            for (int s : succ[b]) {
                for (int w = 0; w < words; w++) {
                    entryClears[s * words + w] |= end[w] & ~liveIn[s * words + w];
                }
            }
            for (int h : handlerBlocks[b]) {
                for (int w = 0; w < words; w++) {
                    entryClears[h * words + w] |= any[w] & ~liveIn[h * words + w];
                }
            }
        }
        for (int b = 0; b < blocks; b++) {
            int first = firstReal(blockStart[b]);
            for (int w = 0; w < words; w++) {
                long bits = entryClears[b * words + w];
                while (bits != 0 && first >= 0) {
                    clearBefore(first, (w << 6) + Long.numberOfTrailingZeros(bits));
                    bits &= bits - 1;
                }
            }
        }
    }

    /**
     * Whether a recorded {@code ASTORE} to {@code var} comes in this block, from {@code from} to
     * {@code end}, before anything that may allocate (a call, an allocation, a throw): a clear before
     * it could change no root a collection sees ({@code x = x.next}).
     */
    private boolean restoredAtOnce(int from, int end, int var) {
        for (int i = from; i < end; i++) {
            AbstractInsnNode insn = insns[i];
            int op = insn.getOpcode();
            if (insn instanceof VarInsnNode v && size(op) > 0 && (v.var == var || size(op) == 2 && v.var + 1 == var)) {
                return op == ASTORE && deadStores[i] != DEAD_STORE;
            }
            if (op >= INVOKEVIRTUAL && op <= MULTIANEWARRAY && op != ARRAYLENGTH && op != CHECKCAST && op != INSTANCEOF) {
                return false;
            }
        }
        return false;
    }

    /** Local {@code var} is dead from {@code insn} on; no clear before a return (the frame's exit clears every slot). */
    private void clearBefore(int index, int var) {
        int op = insns[index].getOpcode();
        if (op >= IRETURN && op <= RETURN) {
            return;
        }
        if (clears[index] == null) {
            clears[index] = new long[words];
        }
        clears[index][var >>> 6] |= 1L << var;
    }

    /**
     * The locals live during some call or allocation of the method ({@link #mayCollect}), as a bit set:
     * the only points where a collection can start on this thread while the method runs, so the only
     * places its recorded slots are read. A local outside this set is null in its slot wherever it
     * could be read (it is cleared after its last read), so recording its stores and clears changes
     * nothing; a method with no such local needs no frame.
     */
    long[] heldAcrossCollections() {
        long[] held = new long[words];
        long[] live = new long[words];
        int blocks = blockStart.length - 1;
        for (int b = 0; b < blocks; b++) {
            System.arraycopy(liveOut, b * words, live, 0, words);
            for (int i = blockStart[b + 1] - 1; i >= blockStart[b]; i--) {
                AbstractInsnNode insn = insns[i];
                if (insn.getOpcode() < 0) {
                    continue;
                }
                step(insn, live, handlers[b]);
                if (mayCollect(insn.getOpcode())) {
                    for (int w = 0; w < words; w++) {
                        held[w] |= live[w];
                    }
                }
            }
        }
        return held;
    }

    /** Whether an instruction calls or allocates: where a collection may start (what {@code MethodRewriter} calls a leaf has none). */
    static boolean mayCollect(int op) {
        return op >= INVOKEVIRTUAL && op <= INVOKEDYNAMIC || op == NEW || op == NEWARRAY || op == ANEWARRAY
                || op == MULTIANEWARRAY;
    }

    /** How many instructions the method had when analysed. */
    int size() {
        return insns.length;
    }

    /** Instruction {@code index} of the method as analysed. */
    AbstractInsnNode insn(int index) {
        return insns[index];
    }

    /** The slots to clear just before instruction {@code index}, as a bit set, or null for none. */
    long[] clearsBefore(int index) {
        return clears[index];
    }

    /** 0 when instruction {@code index} is not an {@code ASTORE} whose value is never read, else {@link #DEAD_STORE} or {@link #CLEARING_STORE}. */
    byte deadStore(int index) {
        return deadStores[index];
    }

    /**
     * Whether local {@code var} is live just before {@code insn}, or before the first instruction of the
     * method as analysed that comes after it (code inserted since is skipped).
     */
    boolean liveFrom(AbstractInsnNode insn, int var) {
        for (AbstractInsnNode n = insn; n != null; n = n.getNext()) {
            for (int i = 0; i < insns.length; i++) {
                if (insns[i] == n) {
                    return liveFrom(i, var);
                }
            }
        }
        return false;
    }

    private boolean liveFrom(int index, int var) {
        int b = blockOf[index];
        long[] live = new long[words];
        System.arraycopy(liveOut, b * words, live, 0, words);
        for (int i = blockStart[b + 1] - 1; i >= index; i--) {
            if (insns[i].getOpcode() >= 0) {
                step(insns[i], live, handlers[b]);
            }
        }
        return get(live, 0, var);
    }

    private int firstReal(int from) {
        for (int i = from; i < insns.length; i++) {
            if (insns[i].getOpcode() >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** The live set before {@code insn} from the one after it: its reads, less its stores, and what its handlers read. */
    private void step(AbstractInsnNode insn, long[] live, long[] exc) {
        if (insn instanceof VarInsnNode v && insn.getOpcode() != RET) {
            if (insn.getOpcode() == ALOAD) {
                set(live, 0, v.var);
            } else {
                for (int k = 0; k < size(insn.getOpcode()); k++) {
                    clear(live, 0, v.var + k);
                }
            }
        }
        for (int w = 0; w < words; w++) {
            live[w] |= exc[w];
        }
    }

    private static int[] successors(AbstractInsnNode[] insns, int[] blockStart, int[] blockOf, int b, InsnList code) {
        int blocks = blockStart.length - 1;
        AbstractInsnNode last = null;
        for (int i = blockStart[b + 1] - 1; i >= blockStart[b]; i--) {
            if (insns[i].getOpcode() >= 0) {
                last = insns[i];
                break;
            }
        }
        boolean fallsThrough = b + 1 < blocks;
        List<LabelNode> targets = new ArrayList<>();
        if (last instanceof JumpInsnNode j) {
            targets.add(j.label);
            fallsThrough &= last.getOpcode() != GOTO;
        } else if (last instanceof TableSwitchInsnNode t) {
            targets.add(t.dflt);
            targets.addAll(t.labels);
            fallsThrough = false;
        } else if (last instanceof LookupSwitchInsnNode t) {
            targets.add(t.dflt);
            targets.addAll(t.labels);
            fallsThrough = false;
        } else if (last != null && ends(last.getOpcode())) {
            fallsThrough = false;
        }
        int[] out = new int[targets.size() + (fallsThrough ? 1 : 0)];
        int k = 0;
        for (LabelNode l : targets) {
            out[k++] = blockOf[code.indexOf(l)];
        }
        if (fallsThrough) {
            out[k] = b + 1;
        }
        return out;
    }

    private static boolean ends(int op) {
        return op >= IRETURN && op <= RETURN || op == ATHROW;
    }

    /** Slots a store to a local takes. */
    private static int size(int op) {
        return op == LSTORE || op == DSTORE ? 2 : op >= ISTORE && op <= ASTORE ? 1 : 0;
    }

    private static void set(long[] bits, int offset, int var) {
        bits[offset + (var >>> 6)] |= 1L << var;
    }

    private static void clear(long[] bits, int offset, int var) {
        bits[offset + (var >>> 6)] &= ~(1L << var);
    }

    private static boolean get(long[] bits, int offset, int var) {
        return (bits[offset + (var >>> 6)] & (1L << var)) != 0;
    }
}
