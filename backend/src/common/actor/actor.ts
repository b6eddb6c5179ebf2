import { currentRequest } from '../request-context/request-context';

/** Who did something, as the trash and the revisions record it. */
export interface Actor {
  id: string;
  UserName: string;
}

/**
 * The signed-in user whose write is running, wherever the code asking is: a service deep
 * under a controller learns who deletes or edits without every signature in between
 * carrying it. Undefined outside a write (the seed, a periodic job, a read) and for a
 * visitor.
 */
export function currentActor(): Actor | undefined {
  // Only writes have a request context (see currentRequest).
  const user = currentRequest()?.user;
  return user && { id: user.id, UserName: user.UserName };
}
