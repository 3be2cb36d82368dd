import { threadId } from 'node:worker_threads';

interface TestInput {
  ms?: number;
  value?: number;
  /** Shared with the test: [the thread's id, 1 once the task saw it was cancelled]. */
  seen?: Int32Array;
}

/**
 * Tasks for the pool's own tests: one that never returns (and never looks at its cancel flag), one that works until
 * it is cancelled, one that sleeps, one that answers, and the warm-up.
 */
const tasks: Record<string, (input: TestInput, cancelled: Int32Array) => unknown> = {
  spin: () => {
    for (;;) {
      // Busy forever, as a decoder stuck on a zero-length window was.
    }
  },
  'until-cancelled': (input, cancelled) => {
    if (input.seen) Atomics.store(input.seen, 0, threadId);
    while (Atomics.load(cancelled, 0) === 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    if (input.seen) Atomics.store(input.seen, 1, 1);
    throw new DOMException('The task was cancelled.', 'AbortError');
  },
  'thread-id': () => threadId,
  sleep: (input) => {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, input.ms ?? 0);
    return input.ms;
  },
  echo: (input) => input.value,
  'warm-up': () => null,
};

export default function runTestTask({
  task,
  input,
  cancelled,
}: {
  task: string;
  input: TestInput;
  cancelled: Int32Array;
}): unknown {
  return tasks[task]!(input, cancelled);
}
