import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '@booking/local-infra';
import { Client } from '../fixtures';
import { startIdentitySandboxProcess, type IdentitySandboxProcess } from '../identity-stand-in';
import { startPlatform, type RunningPlatform } from '../platform';
import { launchChromium } from './browser';
import { buildWebApp, serveWebApp, type ServedWebApp } from './web-app';

const AUDIENCE = 'urn:booking-platform:api';
const CLIENT_ID = 'booking-web';

export interface WebPlatform {
  platform: RunningPlatform;
  web: ServedWebApp;
  browser: Browser;
  admin: Client;
  /** A browser context as a person in `timeZone` sees the app (locale en-US unless named, a phone-or-laptop viewport). */
  visitor(
    timeZone: string,
    viewport?: { width: number; height: number },
    locale?: string,
  ): Promise<BrowserContext>;
}

/**
 * The whole platform, the identity stand-in, the web app as built for production, and Chromium,
 * for one spec file; registers its own beforeAll/afterAll. Read the fields inside tests.
 */
export function webPlatformForSuite(): WebPlatform {
  const suite = {} as WebPlatform;
  let idp: IdentitySandboxProcess;
  let builtDir: string;
  beforeAll(async () => {
    const webPort = await freePort();
    const webUrl = `http://127.0.0.1:${webPort}`;
    builtDir = mkdtempSync(join(tmpdir(), 'web-app-'));
    buildWebApp(builtDir);
    idp = await startIdentitySandboxProcess({
      OIDC_AUDIENCE: AUDIENCE,
      WEB_CLIENT_ID: CLIENT_ID,
      WEB_REDIRECT_URIS: `${webUrl}/signed-in`,
      WEB_POST_LOGOUT_REDIRECT_URIS: `${webUrl}/`,
    });
    suite.platform = await startPlatform({
      env: {
        OIDC_ISSUER: idp.url,
        OIDC_AUDIENCE: AUDIENCE,
        CORS_ORIGINS: webUrl,
        BOOKING_LINK_URL: `${webUrl}/bookings/{bookingId}`,
        GOOGLE_OAUTH_REDIRECT_URL: `${webUrl}/calendar-connected`,
      },
    });
    suite.web = await serveWebApp(
      builtDir,
      { apiUrl: suite.platform.gatewayUrl, issuer: idp.url, clientId: CLIENT_ID },
      webPort,
    );
    suite.browser = await launchChromium();
    suite.admin = await Client.as(suite.platform, 'admin');
    suite.visitor = (timeZone, viewport = { width: 1100, height: 900 }, locale = 'en-US') =>
      suite.browser.newContext({ timezoneId: timeZone, locale, viewport });
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.web?.stop();
    await suite.platform?.stop();
    await idp?.stop();
    rmSync(builtDir, { recursive: true, force: true });
  });
  return suite;
}

/** Signs in through the identity stand-in's page as the demo person whose button reads `name`. */
export async function signIn(page: Page, webUrl: string, name: RegExp): Promise<void> {
  await page.goto(webUrl);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}
