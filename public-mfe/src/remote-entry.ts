// What the shell loads as `<container>/Module`: the area's root component, routed relative
// to where the shell mounts it, and what it awaits before rendering this page.
export { App as default } from './app/App';
export { ready } from './lib/i18n';
