import { describe, expect, it } from 'vitest';
import { ADMIN, signIn, toastText } from './admin-helpers.js';
import { adminSession } from './admin-session.js';

describe('admin sign-in and sign-out in the browser', () => {
  // Each test signs in (or not) in a browser of its own: nothing carries over between them.
  const s = adminSession({ signIn: false });

  it('sends a signed-out visitor from /admin to the login page', async () => {
    const page = await s.newPage();
    await page.goto(`${s.app.url}/admin`);
    await page.waitForURL(`${s.app.url}/admin/login`);
    // The login screen is a lazy chunk: wait for it rather than asking whether it is there yet.
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.close();
  });

  it('signs in from a protected page at the first try and lands back on it', async () => {
    const page = await s.newPage();
    await page.goto(`${s.app.url}/admin/businesses`);
    await page.waitForURL(`${s.app.url}/admin/login`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${s.app.url}/admin/businesses`);
    await page.getByTestId('business-table').or(page.getByText('No businesses')).first().waitFor();
    // Still there a moment later: no bounce back to an empty login form.
    await page.waitForTimeout(800);
    expect(new URL(page.url()).pathname).toBe('/admin/businesses');
    await page.close();
  });

  it('requires both fields, and says Login Failed / Invalid credentials for a wrong password', async () => {
    const page = await s.newPage();
    await page.goto(`${s.app.url}/admin/login`);
    expect(await page.getByLabel('Username').getAttribute('required')).not.toBeNull();
    expect(await page.getByLabel('Password').getAttribute('required')).not.toBeNull();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await toastText(page)).toContain('Login Failed Invalid credentials');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.close();
  });

  it('signs in (Login Successful, then the dashboard) and signs out back to the login page', async () => {
    const page = await s.newPage();
    await page.goto(`${s.app.url}/admin/login`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await toastText(page)).toContain('Login Successful Redirecting to admin panel...');
    await page.waitForURL(`${s.app.url}/admin`);
    await page.getByRole('heading', { name: 'Excel Import' }).waitFor();
    await page.getByText('location_link', { exact: true }).waitFor();
    expect(await page.locator('input[type=file]').getAttribute('accept')).toBe('.csv,.xlsx,.xls');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${s.app.url}/admin/login`);
    await page.goto(`${s.app.url}/admin`);
    await page.waitForURL(`${s.app.url}/admin/login`);
    await page.close();
  });

  it('asks for a file first when Import Businesses is clicked without one', async () => {
    const page = await s.newPage();
    await signIn(page, s.app.url);
    await page.getByRole('button', { name: 'Import Businesses' }).click();
    expect(await toastText(page)).toContain('Hata Önce dosya seçin');
    await page.close();
  });
});
