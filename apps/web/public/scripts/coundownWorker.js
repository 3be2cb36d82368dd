/* global self, importScripts */
/**
 * Bops countdown worker (the countdown of docs/PRODUCT.md#states). Timers in a worker keep running while the page's tab is in
 * the background, where the browser slows page timers down.
 *
 * In:  { taskId, time, startTimestamp, remainingTime, origin }
 *      taskId null or '' resets: every timer is dropped.
 *      time is the countdown's whole length in ms, remainingTime what is left of it in ms.
 * Out: { type: 'completed', taskId, origin }  when a task's time has run out
 *      { type: 'empty', origin }              when a completion leaves no task running
 *      { type: 'reset', origin }              after a reset
 */
function createCountdownWorker(scope) {
  var timers = new Map();

  function reply(message) {
    scope.postMessage(message);
  }

  function complete(taskId, origin) {
    timers.delete(taskId);
    reply({ type: 'completed', taskId: taskId, origin: origin });
    if (timers.size === 0) reply({ type: 'empty', origin: origin });
  }

  scope.onmessage = function (event) {
    var data = event && event.data ? event.data : {};
    var origin = typeof data.origin === 'string' ? data.origin : '';
    if (typeof data.taskId !== 'string' || data.taskId === '') {
      timers.forEach(function (timer) {
        clearTimeout(timer);
      });
      timers.clear();
      reply({ type: 'reset', origin: origin });
      return;
    }
    var taskId = data.taskId;
    var remaining = Number(data.remainingTime);
    if (!isFinite(remaining)) {
      // Without remainingTime, work it out from the start and the whole length.
      remaining = Number(data.startTimestamp) + Number(data.time) - Date.now();
    }
    if (timers.has(taskId)) clearTimeout(timers.get(taskId));
    if (!(remaining > 0)) {
      complete(taskId, origin);
      return;
    }
    timers.set(
      taskId,
      setTimeout(function () {
        complete(taskId, origin);
      }, remaining),
    );
  };

  return scope;
}

// Only a dedicated worker has importScripts; anywhere else the file just defines the function.
if (typeof self !== 'undefined' && typeof importScripts === 'function') {
  createCountdownWorker(self);
}
