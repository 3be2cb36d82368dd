import { useEffect, useRef } from 'react';
import { creationApi } from '../api/creation.api.ts';
import type { ApiError } from '../api/envelope-base-query.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import {
  COUNTDOWN_WORKER_URL,
  CREATION_COMPLETED_EVENT,
  CountdownRunner,
  type CountdownPort,
  type CountdownWorkerMessage,
  type CountdownWorkerReply,
} from './countdown-runner.ts';
import { clearTasks, saveTask, type CountdownTask } from './countdown-tasks.ts';

let activeRunner: CountdownRunner | null = null;

/** Starts the countdown of a creation just submitted. */
export function startCountdown(task: CountdownTask): void {
  if (activeRunner) activeRunner.start(task);
  else saveTask(window.sessionStorage, task);
}

/** The server says the creation is over: finish its countdown now rather than when the estimate runs out. */
export function finishCountdown(taskId: string, musicId: string | null): void {
  activeRunner?.finish(taskId, musicId);
}

/** Stands in for the worker where a browser has none; same messages, page timers. */
function inPagePort(): CountdownPort {
  const timers = new Map<string, number>();
  const port: CountdownPort = {
    onmessage: null,
    postMessage(message: CountdownWorkerMessage) {
      const reply = (data: CountdownWorkerReply) => window.setTimeout(() => port.onmessage?.({ data }), 0);
      if (!message.taskId) {
        timers.forEach((timer) => window.clearTimeout(timer));
        timers.clear();
        reply({ type: 'reset', origin: message.origin });
        return;
      }
      const taskId = message.taskId;
      window.clearTimeout(timers.get(taskId));
      timers.set(
        taskId,
        window.setTimeout(
          () => {
            timers.delete(taskId);
            reply({ type: 'completed', taskId, origin: message.origin });
            if (timers.size === 0) reply({ type: 'empty', origin: message.origin });
          },
          Math.max(0, message.remainingTime),
        ),
      );
    },
    terminate() {
      timers.forEach((timer) => window.clearTimeout(timer));
      timers.clear();
    },
  };
  return port;
}

function workerPort(): CountdownPort {
  if (typeof Worker !== 'function') return inPagePort();
  try {
    return new Worker(COUNTDOWN_WORKER_URL) as unknown as CountdownPort;
  } catch {
    return inPagePort();
  }
}

/** Keeps the signed-in user's countdown tasks running on every page, and resumes them after a reload. */
export function CountdownHost() {
  const dispatch = useAppDispatch();
  const authenticated = useAppSelector((state) => state.account.authenticated);
  const wasAuthenticated = useRef(false);

  useEffect(() => {
    if (!authenticated) {
      // Signing out ends this user's countdowns (docs/PRODUCT.md#states reset).
      if (wasAuthenticated.current) {
        clearTasks(window.sessionStorage);
      }
      return;
    }
    wasAuthenticated.current = true;
    const runner = new CountdownRunner({
      dispatch,
      storage: window.sessionStorage,
      createPort: workerPort,
      now: () => Date.now(),
      origin: window.location.origin,
      checkStatus: async (taskId) => {
        const request = dispatch(
          creationApi.endpoints.getCreation.initiate(taskId, { forceRefetch: true, subscribe: false }),
        );
        try {
          const progress = await request.unwrap();
          return { status: progress.status, musicId: progress.musicId };
        } catch (error) {
          if ((error as Partial<ApiError>).status === 404) return { status: 'missing', musicId: null };
          return null;
        }
      },
      raiseEvent: (detail) => window.dispatchEvent(new CustomEvent(CREATION_COMPLETED_EVENT, { detail })),
    });
    activeRunner = runner;
    runner.resume();
    return () => {
      runner.stop();
      if (activeRunner === runner) activeRunner = null;
    };
  }, [authenticated, dispatch]);

  return null;
}
