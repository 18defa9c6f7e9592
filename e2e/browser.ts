import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless, with the flags that keep it off this closed network. */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
  if (!executablePath) throw new Error("Chromium is missing: install Debian's 'chromium' package");
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rehber-chromium-'));
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      // No --user-data-dir: Playwright refuses it on launch() and gives each launch its own temporary profile.
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
