import { chromium } from 'playwright-core';
const [url, path, out, user = 'owner@acme.test', widths = '390,1280'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const w of widths.split(',').map(Number)) {
  const page = await browser.newPage({ viewport: { width: w, height: 900 } });
  await page.goto(`${url}/login`);
  await page.getByLabel(/username|e-mail|email/i).first().fill(user);
  await page.getByLabel(/password/i).first().fill('storeline-demo');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30000 });
  await page.keyboard.press('Escape');
  await page.goto(`${url}${path}`);
  await page.waitForTimeout(2500);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}-${w}.png`, fullPage: true });
  await page.close();
}
await browser.close();
