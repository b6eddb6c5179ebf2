// The globals and file modules the shared webpack configuration (create-config.js) gives
// every React app; each app's tsconfig includes this file.

// Files webpack turns into modules: CSS is injected, the rest become URLs.
declare module '*.css';
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.webm' {
  const url: string;
  export default url;
}
declare module '*.mp4' {
  const url: string;
  export default url;
}

/** Package version and git commit of this build, set by webpack's DefinePlugin. */
declare const __APP_VERSION__: string;
declare const __APP_NAME__: string;
/** Text a deployment may ask this build to show (e.g. to tell two builds apart); '' for none. */
declare const __BUILD_BANNER__: string;
