/**
 * Preloaded (`-r`) into an API process a test starts, with an IPC channel: the test can hold
 * the process's Clock at a moment and let it go again (holdProcessClocks() in
 * api-process.ts), as holdClock() does for an app in the test's own process.
 */
import { SystemClock } from '../../src/common/clock/clock';

interface ClockMessage {
  clock?: 'hold' | 'release';
  at?: number;
}

let heldAt: number | undefined;
const systemNow = SystemClock.prototype.now;
SystemClock.prototype.now = function now(this: SystemClock): Date {
  return heldAt === undefined ? systemNow.call(this) : new Date(heldAt);
};

process.on('message', (message: ClockMessage) => {
  if (message.clock === 'hold') heldAt = message.at;
  else if (message.clock === 'release') heldAt = undefined;
  else return;
  process.send?.({ clock: message.clock });
});
// The channel does not keep the API running once it is asked to stop.
process.channel?.unref();
