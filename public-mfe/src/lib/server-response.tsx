import { createContext, useContext } from 'react';
import { Navigate } from 'react-router-dom';

/**
 * What a server render learns about the HTTP answer while it renders: a page that is not
 * found says 404, a page that moved says where. In the browser there is no such context and
 * these do what the browser does (show the page, navigate).
 */
export interface ServerResponse {
  status: number;
  redirect?: string;
}

export const ServerResponseContext = createContext<ServerResponse | null>(null);

/** During a server render, answer with this status (404 for a page that is not there). */
export function useServerStatus(status: number): void {
  const response = useContext(ServerResponseContext);
  if (response) response.status = status;
}

/** Sends the visitor on to `to`: a real HTTP redirect on the server, a replace in the browser. */
export function Redirect({ to }: { to: string }) {
  const response = useContext(ServerResponseContext);
  if (response) {
    response.redirect ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}

/** During a server render only, answer with a redirect to `to`; the browser shows the page. */
export function useServerRedirect(to: string): void {
  const response = useContext(ServerResponseContext);
  if (response) response.redirect ??= to;
}
