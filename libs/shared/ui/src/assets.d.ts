// webpack injects imported stylesheets; jest replaces them with an empty module.
declare module '*.css';
