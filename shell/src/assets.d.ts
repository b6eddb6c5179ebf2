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
declare module '*.mp4' {
  const url: string;
  export default url;
}

/** Package version and git commit of this build, set by webpack's DefinePlugin. */
declare const __APP_VERSION__: string;
declare const __APP_NAME__: string;
/** Build-time text a remote may show (PUBLIC_MFE_BANNER…), empty unless set at build. */
declare const __BUILD_BANNER__: string;
