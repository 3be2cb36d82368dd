/** Tasks for the pool's own tests: one that never returns, one that sleeps, one that answers, and the warm-up. */
const tasks: Record<string, (input: { ms?: number; value?: number }) => unknown> = {
  spin: () => {
    for (;;) {
      // Busy forever, as a decoder stuck on a zero-length window was.
    }
  },
  sleep: (input) => {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, input.ms ?? 0);
    return input.ms;
  },
  echo: (input) => input.value,
  'warm-up': () => null,
};

export default function runTestTask({ task, input }: { task: string; input: { ms?: number } }): unknown {
  return tasks[task]!(input);
}
