package org.jmmtk.tools.study;

import java.util.List;
import java.util.Map;
import org.jmmtk.bindings.trace.Quote;
import org.jmmtk.tools.error.UsageException;

/**
 * Which tasks of a study this process runs: one ({@code --task I}), a shard (every N-th task from K:
 * {@code --shard K/N}, or from a cluster's environment), or all. Slurm job arrays give
 * {@code SLURM_ARRAY_TASK_ID} minus {@code SLURM_ARRAY_TASK_MIN} (divided by {@code SLURM_ARRAY_TASK_STEP})
 * and {@code SLURM_ARRAY_TASK_COUNT}; a Kubernetes Indexed Job gives {@code JOB_COMPLETION_INDEX}, with
 * the shard count from {@code --shards N}. Flags win over the environment. Immutable.
 *
 * @param task   the one task, or -1
 * @param shard  K, from 0
 * @param shards N (1 with one shard: all tasks)
 * @param source where the choice came from, for the log: {@code --shard}, {@code Slurm array}, ...
 */
record Selection(int task, int shard, int shards, String source) {
    static final Selection ALL = new Selection(-1, 0, 1, "all tasks");

    static final String SLURM_ID = "SLURM_ARRAY_TASK_ID";
    static final String SLURM_MIN = "SLURM_ARRAY_TASK_MIN";
    static final String SLURM_COUNT = "SLURM_ARRAY_TASK_COUNT";
    static final String SLURM_STEP = "SLURM_ARRAY_TASK_STEP";
    static final String K8S_INDEX = "JOB_COMPLETION_INDEX";

    /** The selection from the flags (null when not given) and, failing them, the environment. */
    static Selection choose(Integer task, String shard, Integer shards, Map<String, String> env) {
        if (task != null && (shard != null || shards != null)) {
            throw new UsageException("give one of --task, --shard and --shards");
        }
        if (shard != null && shards != null) {
            throw new UsageException("give --shard K/N, or --shards N with JOB_COMPLETION_INDEX set; not both");
        }
        if (task != null) {
            if (task < 0) {
                throw new UsageException("--task must not be negative, got " + task);
            }
            return new Selection(task, 0, 1, "--task " + task);
        }
        if (shard != null) {
            return shard(shard);
        }
        if (shards != null) {
            return kubernetes(shards, env);
        }
        if (env.get(K8S_INDEX) != null) {
            throw new UsageException(K8S_INDEX + " is set (a Kubernetes Indexed Job) but --shards is not: give --shards N, "
                    + "N being the Job's completions, or every pod runs every task");
        }
        if (env.get(SLURM_ID) != null) {
            return slurm(env);
        }
        return ALL;
    }

    private static Selection shard(String text) {
        String[] parts = text.split("/", -1);
        if (parts.length == 2) {
            try {
                int k = Integer.parseInt(parts[0].strip());
                int n = Integer.parseInt(parts[1].strip());
                if (n >= 1 && k >= 0 && k < n) {
                    return new Selection(-1, k, n, "--shard " + k + "/" + n);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
        }
        throw new UsageException("--shard takes K/N with 0 <= K < N (shard K of N, from 0), e.g. 0/4; not " + Quote.of(text));
    }

    private static Selection kubernetes(int shards, Map<String, String> env) {
        if (shards < 1) {
            throw new UsageException("--shards must be at least 1, got " + shards);
        }
        String index = env.get(K8S_INDEX);
        if (index == null) {
            throw new UsageException("--shards N takes the shard from " + K8S_INDEX + " (set by a Kubernetes Indexed Job), "
                    + "which is not set; elsewhere use --shard K/N");
        }
        int k = number(K8S_INDEX, index);
        if (k >= shards) {
            throw new UsageException(K8S_INDEX + " is " + k + ", not below --shards " + shards
                    + ": the Job's completions must equal --shards");
        }
        return new Selection(-1, k, shards, "Kubernetes index " + k + " of " + shards);
    }

    private static Selection slurm(Map<String, String> env) {
        for (String v : List.of(SLURM_MIN, SLURM_COUNT)) {
            if (env.get(v) == null) {
                throw new UsageException(SLURM_ID + " is set but " + v + " is not; is this a Slurm job array "
                        + "(sbatch --array=1-N)?");
            }
        }
        int id = number(SLURM_ID, env.get(SLURM_ID));
        int min = number(SLURM_MIN, env.get(SLURM_MIN));
        int count = number(SLURM_COUNT, env.get(SLURM_COUNT));
        int step = env.get(SLURM_STEP) == null ? 1 : number(SLURM_STEP, env.get(SLURM_STEP));
        int offset = id - min;
        if (count < 1 || step < 1 || offset < 0 || offset % step != 0 || offset / step >= count) {
            throw new UsageException("cannot tell this task's shard from the Slurm array (" + SLURM_ID + "=" + id + ", "
                    + SLURM_MIN + "=" + min + ", " + SLURM_COUNT + "=" + count + ", " + SLURM_STEP + "=" + step
                    + "); submit a range such as sbatch --array=1-N, or give --shard K/N");
        }
        int k = offset / step;
        return new Selection(-1, k, count, "Slurm array task " + id + ": shard " + k + "/" + count);
    }

    private static int number(String variable, String value) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(variable + " is " + Quote.of(value) + ", not a number from 0");
    }

    /** The selected tasks of {@code all}; bad usage for a {@code --task} out of range. */
    List<Task> select(List<Task> all) {
        if (task >= 0) {
            if (task >= all.size()) {
                throw new UsageException("--task " + task + " is out of range: the study has " + all.size()
                        + (all.size() == 1 ? " task, 0" : " tasks, 0.." + (all.size() - 1)) + " (see --list)");
            }
            return List.of(all.get(task));
        }
        return all.stream().filter(t -> t.index() % shards == shard).toList();
    }
}
