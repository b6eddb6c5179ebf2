// Preloaded into the API by bench/profile.ts (`node -r`): on a message from the parent it
// starts or stops a CPU profile and an event-loop delay histogram, or writes a heap
// snapshot, so a profile covers the load window only and never the start-up.
const fs = require('node:fs');
const inspector = require('node:inspector');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const v8 = require('node:v8');

if (process.send) {
  // The channel must not keep the API alive once it has been asked to stop.
  process.channel?.unref();
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  let delay;
  let cpu;

  process.on('message', async (message) => {
    try {
      if (message?.profile === 'start') {
        await post('Profiler.enable');
        await post('Profiler.setSamplingInterval', { interval: 200 });
        await post('Profiler.start');
        delay = monitorEventLoopDelay({ resolution: 10 });
        delay.enable();
        cpu = process.cpuUsage();
        process.send({ profile: 'started' });
      } else if (message?.profile === 'stop') {
        const used = process.cpuUsage(cpu);
        delay.disable();
        const { profile } = await post('Profiler.stop');
        fs.writeFileSync(message.file, JSON.stringify(profile));
        const ms = (ns) => Math.round(ns / 1e4) / 100;
        process.send({
          profile: 'stopped',
          cpuMs: Math.round((used.user + used.system) / 1000),
          eventLoopDelay: {
            p50: ms(delay.percentile(50)),
            p99: ms(delay.percentile(99)),
            max: ms(delay.max),
          },
        });
      } else if (message?.heapSnapshot) {
        global.gc?.();
        v8.writeHeapSnapshot(message.heapSnapshot);
        process.send({ heapSnapshot: message.heapSnapshot, memory: process.memoryUsage() });
      } else if (message?.memory) {
        process.send({ memory: process.memoryUsage() });
      }
    } catch (error) {
      process.send({ error: String(error?.stack ?? error) });
    }
  });
}
