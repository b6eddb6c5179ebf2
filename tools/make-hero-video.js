#!/usr/bin/env node
// Makes public-mfe/src/assets/hero-weave.webm, the home banner's background: a slow, seamless
// pan across a woven herringbone, 6 s, 960×540, VP9, no sound (about 100 KB). Needs ffmpeg
// (apt-get install ffmpeg); the result is committed, so building the site does not.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const sharp = require('sharp');

const root = path.resolve(__dirname, '..');
const out = path.join(root, 'public-mfe/src/assets/hero-weave.webm');
const period = 48; // the pattern repeats every 48 px, so a pan of two periods loops seamlessly

async function main() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${960 + period * 2}" height="540">
    <defs><pattern id="p" width="${period}" height="${period}" patternUnits="userSpaceOnUse">
      <path d="M0 24 L24 0 M24 48 L48 24 M0 0 L24 24 M24 24 L48 48" stroke="#8e7c5a" stroke-width="9"/>
    </pattern></defs>
    <rect width="100%" height="100%" fill="#2f2a24"/><rect width="100%" height="100%" fill="url(#p)" opacity="0.55"/>
  </svg>`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hero-'));
  const still = path.join(dir, 'weave.png');
  await sharp(Buffer.from(svg)).png().toFile(still);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-i',
    still,
    '-vf',
    `crop=960:540:x='${period * 2}*t/6':y=0,vignette=PI/5,format=yuv420p`,
    '-t',
    '6',
    '-r',
    '24',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '45',
    '-row-mt',
    '1',
    '-an',
    out,
  ]);
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(
    `wrote ${path.relative(root, out)} (${(fs.statSync(out).size / 1024).toFixed(0)} KB)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
