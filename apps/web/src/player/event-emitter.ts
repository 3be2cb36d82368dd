/**
 * A small typed emitter: `Events` names each event and the one value its listeners receive; `on()` answers the
 * function that removes the listener again.
 */
export class EventEmitter<Events extends { [Name in keyof Events]: unknown }> {
  readonly #listeners = new Map<keyof Events, Set<(value: never) => void>>();

  on<Name extends keyof Events>(name: Name, listener: (value: Events[Name]) => void): () => void {
    let set = this.#listeners.get(name);
    if (!set) {
      set = new Set();
      this.#listeners.set(name, set);
    }
    set.add(listener);
    return () => void set.delete(listener);
  }

  /** Listens for the next event of `name` only. */
  once<Name extends keyof Events>(name: Name, listener: (value: Events[Name]) => void): () => void {
    const off = this.on(name, (value) => {
      off();
      listener(value);
    });
    return off;
  }

  protected emit<Name extends keyof Events>(name: Name, value: Events[Name]): void {
    const set = this.#listeners.get(name);
    if (!set) return;
    // A copy: a listener may unsubscribe itself (or another) while the event is handed out.
    for (const listener of [...set]) (listener as (value: Events[Name]) => void)(value);
  }

  /** Drops every listener (the owner is done). */
  protected removeAllListeners(): void {
    this.#listeners.clear();
  }
}
