/**
 * React Router 6 with the behaviour of 7 where the apps rely on it: relative links inside
 * the `/admin/*` splat route resolve against the full path, and navigations are
 * transitions. Every router in the shell and the remotes uses these flags.
 */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
