// Libraries every micro-frontend shares as one instance: two copies of React or of the
// router context would break hooks and links across the shell/remote boundary.
const pkg = require('../../package.json');

const singleton = (name) => ({
  singleton: true,
  strictVersion: false,
  requiredVersion: pkg.dependencies[name.split('/')[0]] ?? false,
});

const shared = {
  react: singleton('react'),
  'react/jsx-runtime': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/client': singleton('react-dom'),
  'react-router-dom': singleton('react-router-dom'),
};

module.exports = { shared };
