package org.jmmtk.tools.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.jmmtk.tools.error.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which tasks a process runs: flags, Slurm array variables, a Kubernetes completion index. */
class SelectionTest {
    private static final List<Task> TASKS = IntStream.range(0, 10)
            .mapToObj(i -> new Task(i, "t" + i, null, null, null, null, 1, 0)).toList();

    private static List<Integer> indices(Selection s) {
        return s.select(TASKS).stream().map(Task::index).toList();
    }

    @Test
    void shardsPartitionTheTasks() {
        for (int n = 1; n <= 12; n++) {
            List<Integer> union = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                List<Integer> shard = indices(Selection.choose(null, k + "/" + n, null, Map.of()));
                for (int j = 1; j < shard.size(); j++) {
                    assertEquals(n, shard.get(j) - shard.get(j - 1));
                }
                union.addAll(shard);
            }
            assertEquals(IntStream.range(0, 10).boxed().toList(), union.stream().sorted().toList(), "N=" + n);
        }
        assertEquals(List.of(1, 4, 7), indices(Selection.choose(null, "1/3", null, Map.of())));
    }

    @Test
    void slurmArrayGivesTheShard() {
        Selection s = Selection.choose(null, null, null, Map.of("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MIN", "1",
                "SLURM_ARRAY_TASK_COUNT", "3"));
        assertEquals(List.of(2, 5, 8), indices(s));
        assertEquals("Slurm array task 3: shard 2/3", s.source());
        // --array=0-9:2 has ids 0, 2, ..., 8 and a count of 5
        Selection stepped = Selection.choose(null, null, null, Map.of("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_MIN",
                "0", "SLURM_ARRAY_TASK_COUNT", "5", "SLURM_ARRAY_TASK_STEP", "2"));
        assertEquals(List.of(2, 7), indices(stepped));
    }

    @Test
    void kubernetesIndexNeedsShards() {
        assertEquals(List.of(0, 4, 8), indices(Selection.choose(null, null, 4, Map.of("JOB_COMPLETION_INDEX", "0"))));
        assertEquals(List.of(3, 7), indices(Selection.choose(null, null, 4, Map.of("JOB_COMPLETION_INDEX", "3"))));
    }

    @Test
    void flagsWinOverTheEnvironment() {
        Map<String, String> slurm = Map.of("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_COUNT", "2");
        assertEquals(List.of(7), indices(Selection.choose(7, null, null, slurm)));
        assertEquals(IntStream.range(0, 10).boxed().toList(), indices(Selection.choose(null, "0/1", null, slurm)));
        assertEquals(IntStream.range(0, 10).boxed().toList(), indices(Selection.choose(null, null, null, Map.of())));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "3/3|--shard takes K/N with 0 <= K < N",
            "-1/3|--shard takes K/N",
            "1/0|--shard takes K/N",
            "1|--shard takes K/N",
            "a/b|--shard takes K/N",
            "1/2/3|--shard takes K/N"})
    void badShardsAreRefused(String shard, String message) {
        UsageException e = assertThrows(UsageException.class, () -> Selection.choose(null, shard, null, Map.of()));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @Test
    void badEnvironmentsAreRefused() {
        assertTrue(refused(null, null, Map.of("JOB_COMPLETION_INDEX", "1")).startsWith("JOB_COMPLETION_INDEX is set"));
        assertTrue(refused(null, 2, Map.of()).contains("JOB_COMPLETION_INDEX"));
        assertTrue(refused(null, 2, Map.of("JOB_COMPLETION_INDEX", "2")).contains("not below --shards 2"));
        assertTrue(refused(null, 2, Map.of("JOB_COMPLETION_INDEX", "x")).contains("not a number"));
        assertTrue(refused(null, 0, Map.of("JOB_COMPLETION_INDEX", "0")).contains("--shards must be at least 1"));
        assertTrue(refused(null, null, Map.of("SLURM_ARRAY_TASK_ID", "1")).contains("SLURM_ARRAY_TASK_MIN is not"));
        assertTrue(refused(null, null, Map.of("SLURM_ARRAY_TASK_ID", "9", "SLURM_ARRAY_TASK_MIN", "1",
                "SLURM_ARRAY_TASK_COUNT", "3")).contains("sbatch --array=1-N"));
        UsageException both = assertThrows(UsageException.class, () -> Selection.choose(1, "0/2", null, Map.of()));
        assertTrue(both.getMessage().startsWith("give one of --task"));
        UsageException range = assertThrows(UsageException.class, () -> Selection.choose(10, null, null, Map.of()).select(TASKS));
        assertEquals("--task 10 is out of range: the study has 10 tasks, 0..9 (see --list)", range.getMessage());
    }

    private static String refused(Integer task, Integer shards, Map<String, String> env) {
        try {
            Selection.choose(task, null, shards, env);
            return "";
        } catch (UsageException e) {
            return e.getMessage();
        }
    }
}
