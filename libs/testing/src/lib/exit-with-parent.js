// Preloaded (`node -r`) into the processes our tests and benchmarks start (tiedSpawn()): a
// child stops itself once the process that started it is gone, so a benchmark or probe killed
// by `timeout`, SIGKILL or a crash leaves no API or database running behind it. Plain
// JavaScript: it loads into the production build too, where nothing compiles TypeScript.
const parent = Number(process.env.VITRINE_PARENT_PID);
// Its own children are not tied to its parent.
delete process.env.VITRINE_PARENT_PID;

/**
 * The parent's pid as it is now. An orphan is handed to another process (init, or a
 * subreaper), so its parent pid changes; Node's process.ppid is read once at start, so Linux's
 * /proc is asked. Elsewhere: whether the first parent still exists.
 */
function parentGone() {
  try {
    const stat = require('node:fs').readFileSync('/proc/self/stat', 'utf8');
    // pid (command) state ppid …: the command may hold spaces and parentheses.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent;
  } catch {
    try {
      process.kill(parent, 0);
      return false;
    } catch {
      return true;
    }
  }
}

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // As `kill` would: the process's own SIGTERM handling (the API closes its server and its
  // database), and a hard exit if that has not ended it 10 s on.
  setTimeout(() => process.exit(1), 10_000).unref();
  process.kill(process.pid, 'SIGTERM');
}

if (parent > 0) {
  const watch = setInterval(() => {
    if (parentGone()) {
      clearInterval(watch);
      stop();
    }
  }, 500);
  // Neither this nor a 'disconnect' listener (which would hold an IPC channel open) may keep
  // the process alive once its own work is done.
  watch.unref();
}
