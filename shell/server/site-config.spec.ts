/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from './config';
import { siteConfig } from './site-config';

describe("the shell's run-time config", () => {
  it('takes the remotes from PUBLIC_MFE_URL and ADMIN_MFE_URL, by folder or entry', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-config-'));
    try {
      const config = siteConfig(
        dir,
        readConfig([], {
          PUBLIC_MFE_URL: 'https://public.example/v7/',
          ADMIN_MFE_URL: 'https://admin.example/remoteEntry.js',
        }),
      );
      expect(config.remotes).toEqual({
        public_mfe: 'https://public.example/v7/remoteEntry.js',
        admin_mfe: 'https://admin.example/remoteEntry.js',
      });
      expect(config.apiUrl).toBe('');
      expect(
        siteConfig(dir, readConfig([], { PUBLIC_API_URL: 'https://api.example' })).apiUrl,
      ).toBe('https://api.example');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
