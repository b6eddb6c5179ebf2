// Libraries every micro-frontend shares as one instance: two copies of React or of the
// router context would break hooks and links across the shell/remote boundary, and two
// copies of TanStack Query would each have their own context, so a remote's hooks could not
// see the cache its provider holds.
const pkg = require('../../package.json');

/** The package a module belongs to: 'react' for 'react/jsx-runtime', '@scope/name' for scoped. */
const packageOf = (name) =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

const singleton = (name) => ({
  singleton: true,
  strictVersion: false,
  requiredVersion: pkg.dependencies[packageOf(name)] ?? false,
});

const shared = {
  react: singleton('react'),
  'react/jsx-runtime': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/client': singleton('react-dom'),
  'react-router-dom': singleton('react-router-dom'),
  '@tanstack/react-query': singleton('@tanstack/react-query'),
};

module.exports = { shared };
