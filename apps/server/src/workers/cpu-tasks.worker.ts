import { createHash } from 'node:crypto';

/**
 * The tasks a worker thread can run, by name. Each takes and returns structured-cloneable values.
 */
export const cpuTasks = {
  /** Content digest of a buffer (used to fingerprint uploads). */
  sha256: (input: { bytes: Uint8Array }): string => createHash('sha256').update(input.bytes).digest('hex'),
};

export type CpuTasks = typeof cpuTasks;
export type CpuTaskName = keyof CpuTasks;

export default async function runCpuTask({
  task,
  input,
}: {
  task: CpuTaskName;
  input: never;
}): Promise<unknown> {
  const run = cpuTasks[task] as ((input: never) => unknown) | undefined;
  if (!run) throw new Error(`Unknown CPU task ${String(task)}`);
  return run(input);
}
