import { createContext, useContext } from 'react';
import { Navigate } from 'react-router-dom';
import { useLocalizedPath } from './locale';

/**
 * What a server render learns about the HTTP answer while it renders: a page that is not
 * found says 404, a page that moved says where. In the browser there is no such context and
 * these do what the browser does (show the page, navigate).
 */
export interface ServerResponse {
  status: number;
  redirect?: string;
  /** 301 for an address that moved for good (an earlier slug), else 302. */
  redirectStatus?: 301 | 302;
  /** The named chunks of the pages rendered (their styles go in the page). */
  chunks?: string[];
}

/** Given by a server render: where pages report their status and redirects. */
export interface ServerResponseRecorder {
  setStatus(status: number): void;
  /** The first redirect asked for wins. */
  redirect(to: string, status?: 301 | 302): void;
  /** A page from the named chunk `chunk` is shown. */
  showChunk(chunk: string): void;
}

export const ServerResponseContext = createContext<ServerResponseRecorder | null>(null);

/** A recorder that writes into `response`. */
export function recordInto(response: ServerResponse): ServerResponseRecorder {
  return {
    setStatus: (status) => (response.status = status),
    redirect: (to, status = 302) => {
      if (response.redirect !== undefined) return;
      response.redirect = to;
      response.redirectStatus = status;
    },
    showChunk: (chunk) => {
      response.chunks ??= [];
      if (!response.chunks.includes(chunk)) response.chunks.push(chunk);
    },
  };
}

/** During a server render, answer with this status (404 for a page that is not there). */
export function useServerStatus(status: number): void {
  useContext(ServerResponseContext)?.setStatus(status);
}

/** During a server render, say that what is shown comes from the named chunk `chunk`. */
export function useServerChunk(chunk: string): void {
  useContext(ServerResponseContext)?.showChunk(chunk);
}

/**
 * During a server render only, answer with a redirect to `to` (a default-language path, in
 * the page's language); the browser shows the page.
 */
export function useServerRedirect(path: string): void {
  const to = useLocalizedPath()(path);
  useContext(ServerResponseContext)?.redirect(to);
}

/**
 * Sends the visitor on to `to` (a default-language path: it stays in the page's language): a
 * real HTTP redirect on the server (301 when `permanent`, for an address that moved for
 * good), a replace in the browser.
 */
export function Redirect({ to: path, permanent = false }: { to: string; permanent?: boolean }) {
  const to = useLocalizedPath()(path);
  const recorder = useContext(ServerResponseContext);
  if (recorder) {
    recorder.redirect(to, permanent ? 301 : 302);
    return null;
  }
  return <Navigate to={to} replace />;
}
