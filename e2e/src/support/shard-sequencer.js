// How `--shard=i/n` (run-shards.js) splits the browser test files: largest file first, each
// to the run with the fewest bytes so far, which splits their time about evenly (a file's
// size follows how much it does; jest's own split, by a hash of the path, does not).
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

class ShardBySize extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const sized = tests
      .map((test) => ({ test, size: fs.statSync(test.path).size }))
      .sort((a, b) => b.size - a.size || a.test.path.localeCompare(b.test.path));
    const loads = new Array(shardCount).fill(0);
    const mine = [];
    for (const { test, size } of sized) {
      const lightest = loads.indexOf(Math.min(...loads));
      loads[lightest] += size;
      if (lightest === shardIndex - 1) mine.push(test);
    }
    return mine;
  }
}

module.exports = ShardBySize;
