/**
 * Draws web/public/og-image.png, the 1200x630 picture link previews show for pages without a photo
 * of their own (server/seo/og-image.ts). Rendered by Debian's Chromium from the HTML below, so the
 * text gets real fonts; flat colours keep the PNG small. Run `npx tsx scripts/og-image.ts` after
 * changing it and commit the image.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'public', 'og-image.png');

const HTML = `<!doctype html><html><head><style>
  html, body { margin: 0; width: 1200px; height: 630px; }
  body { background: #1e40af; color: #fff; font-family: 'DejaVu Sans', Arial, sans-serif; display: flex; flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box; }
  .mark { display: flex; align-items: center; gap: 36px; }
  .logo { width: 150px; height: 150px; border-radius: 28px; background: #fff; color: #1d4ed8; font-size: 112px; font-weight: 700; display: flex; align-items: center; justify-content: center; line-height: 1; padding-bottom: 12px; box-sizing: border-box; }
  .name { font-size: 132px; font-weight: 700; letter-spacing: -3px; }
  .tag { margin-top: 56px; font-size: 48px; color: #dbeafe; }
  .bar { margin-top: 44px; width: 220px; height: 10px; border-radius: 5px; background: #60a5fa; }
</style></head><body>
  <div class="mark"><div class="logo">r</div><div class="name">rehber</div></div>
  <div class="tag">Local businesses worldwide</div>
  <div class="bar"></div>
</body></html>`;

// e2e/browser.ts's flags (no sandbox, nothing that reaches the network); not imported, so the build leaves e2e/ out.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(HTML);
  await page.screenshot({ path: OUT, type: 'png' });
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
} finally {
  await browser.close();
}
