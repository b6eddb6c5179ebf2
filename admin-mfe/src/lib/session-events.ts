// The API client lives outside React, but a 401 has to sign out and navigate: the client
// reports it here and the access gate, which can navigate, listens.
type Listener = () => void;

const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportUnauthorized(): void {
  for (const listener of [...listeners]) listener();
}
