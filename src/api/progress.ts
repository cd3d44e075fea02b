// Counts the HTTP calls in flight, so a progress bar can follow all of them.

export interface ProgressStore {
  start(): void;
  done(): void;
  count(): number;
  subscribe(listener: () => void): () => void;
}

export function createProgressStore(): ProgressStore {
  let inFlight = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    start() {
      inFlight += 1;
      emit();
    },
    done() {
      inFlight = Math.max(0, inFlight - 1);
      emit();
    },
    count: () => inFlight,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
