// The processes `npm start` and `npm run serve:prod` run side by side live and die together:
// when one exits, the others are stopped; Ctrl+C stops them all.

function processGroup() {
  const children = [];
  let stopping = false;
  function stop(code = 0) {
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 1500).unref();
  }
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  /** Adds a started child process; its exit, unless the group is stopping, stops the rest. */
  function add(name, child) {
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`[${name}] exited with code ${code}; stopping everything`);
        stop(1);
      }
    });
    children.push(child);
    return child;
  }
  return { add, stop };
}

module.exports = { processGroup };
