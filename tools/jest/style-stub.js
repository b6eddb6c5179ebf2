// Stylesheets and media imported by components mean nothing to jsdom.
module.exports = {};
