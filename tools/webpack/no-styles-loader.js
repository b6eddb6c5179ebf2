// The server build imports stylesheets for their side effect only; on a server there is
// nothing to style, so each one becomes an empty module.
module.exports = function noStyles() {
  return 'export {};';
};
