/**
 * The look of two builds side by side: full-page screenshots of the list pages (and the first
 * card hovered and focused) from two running servers on the same database, at a phone's and a
 * desktop's width, with JavaScript off and on (a fixed clock), compared pixel by pixel.
 *   npx tsx scripts/compare-screenshots.ts <before URL> <after URL> <dir> [path...]
 * MERGE_TEXT=1 merges the before page's adjacent text nodes (dropping React's <!-- --> markers)
 * before its screenshot, as a build that writes each text as one string draws them: Chromium
 * shapes each text node apart, so merging alone moves glyphs by a fraction of a pixel.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser } from '../e2e/browser.js';

const [before, after, dir, ...given] = process.argv.slice(2);
if (!before || !after || !dir) throw new Error('usage: compare-screenshots.ts <before URL> <after URL> <dir> [path...]');
const paths = given.length ? given : ['/city/port-au-prince', '/city/port-au-prince/restaurant', '/country/haiti', '/country/haiti/restaurant', '/search?q=bakery', '/'];
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };

/** The region of the element with 8 px around it, so a focus ring drawn outside it shows. */
async function around(page: Page, selector: string, file: string): Promise<void> {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  const b = (await el.boundingBox())!;
  await page.screenshot({ path: file, clip: { x: Math.max(0, b.x - 8), y: Math.max(0, b.y - 8), width: b.width + 16, height: b.height + 16 }, animations: 'disabled' });
}

async function shoot(base: string, out: string, mergeText: boolean): Promise<void> {
  fs.mkdirSync(out, { recursive: true });
  const chromium = await launchBrowser();
  try {
    for (const js of [false, true]) {
      for (const [width, viewport] of Object.entries(WIDTHS)) {
        const context = await chromium.browser.newContext({ viewport, javaScriptEnabled: js, reducedMotion: 'reduce' });
        const page = await context.newPage();
        if (js) await page.clock.setFixedTime(new Date('2026-11-25T14:00:00Z'));
        for (const path of paths) {
          await page.goto(base + path, { waitUntil: 'networkidle' });
          await page.evaluate(() => document.fonts.ready);
          if (mergeText) {
            await page.evaluate(() => {
              const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
              const comments: Node[] = [];
              while (walk.nextNode()) comments.push(walk.currentNode);
              for (const c of comments) c.parentNode?.removeChild(c);
              document.body.normalize();
            });
          }
          const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}-${js ? 'js' : 'nojs'}`;
          await page.screenshot({ path: `${out}/${name}.png`, fullPage: true, animations: 'disabled' });
          if (!js || (await page.locator('[data-business-card]').count()) === 0) continue;
          await page.locator('[data-business-card]').first().hover();
          await around(page, '[data-business-card]', `${out}/${name}-hover.png`);
          await page.mouse.move(0, 0);
          await page.locator('[data-business-card] a').first().focus();
          await page.keyboard.press('Shift+Tab');
          await page.keyboard.press('Tab');
          await around(page, '[data-business-card]', `${out}/${name}-focus.png`);
        }
        await context.close();
      }
    }
  } finally {
    await chromium.close();
  }
}

await shoot(before, `${dir}/before`, process.env.MERGE_TEXT === '1');
await shoot(after, `${dir}/after`, false);
let differing = 0;
for (const file of fs.readdirSync(`${dir}/before`).sort()) {
  const [a, b] = await Promise.all([`${dir}/before/${file}`, `${dir}/after/${file}`].map((f) => sharp(f).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  if (a.info.width !== b.info.width || a.info.height !== b.info.height) {
    differing++;
    console.log(`${file}: ${a.info.width}×${a.info.height} before, ${b.info.width}×${b.info.height} after`);
    continue;
  }
  let pixels = 0;
  for (let i = 0; i < a.data.length; i += 3) if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) pixels++;
  if (pixels) differing++;
  console.log(`${file}: ${pixels ? `${pixels} pixels differ` : 'identical'}`);
}
process.exitCode = differing ? 1 : 0;
