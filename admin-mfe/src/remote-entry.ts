// What the shell loads as `<container>/Module`: the area's root component, routed relative
// to where the shell mounts it.
export { App as default } from './app/App';
