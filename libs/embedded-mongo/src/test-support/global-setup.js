// Prints once per jest run which server the conformance suites talk to.
module.exports = async () => {
  const uri = process.env.MONGODB_URI;
  if (uri) {
    console.log(
      `\n[embedded-mongo conformance] running against an external server: MONGODB_URI=${uri.replace(/\/\/[^@/]*@/, '//***@')}` +
        '\n[embedded-mongo conformance] embedded-only suites (journal, lock file, raw bytes, server internals) are SKIPPED: they test this server, not MongoDB.',
    );
  } else {
    console.log(
      '\n[embedded-mongo conformance] running against the embedded server (set MONGODB_URI=mongodb://host:27017/ to run the same suites against a real mongod)',
    );
  }
};
