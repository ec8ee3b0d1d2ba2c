import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';

// One id per run, drawn in the runner before any worker starts (workers inherit it): the journeys'
// client addresses derive from it (clientAddress in tests/support.ts).
process.env.E2E_RUN_ID ??= randomBytes(6).toString('hex');

/**
 * The long money and account journeys run once, each at one width, shared out so that both widths
 * carry journeys (CI's time budget: a journey is the same calls at either width). The layouts,
 * routes, lobby, accessibility, preferences and status specs run at both widths.
 */
const PHONE_JOURNEYS = [
  '**/accounts.spec.ts',
  '**/social.spec.ts',
  '**/play.spec.ts',
  '**/free-trial.spec.ts',
  '**/phone-layout.spec.ts',
  '**/lottery.spec.ts',
  '**/wallet-deposit.spec.ts',
  '**/wallet-withdraw.spec.ts',
];
const DESKTOP_JOURNEYS = [
  '**/agent-centre.spec.ts',
  '**/auth-more.spec.ts',
  '**/backoffice.spec.ts',
  '**/records.spec.ts',
  '**/sandbox.spec.ts',
  '**/wallet-record.spec.ts',
  '**/wallet-transfer.spec.ts',
  // issue 24 (branch teampages)
  '**/backoffice-agents.spec.ts',
  // Back-office content and catalogue (branch catalogue).
  '**/backoffice-content.spec.ts',
  // finance (issue 23 items 4-5)
  '**/backoffice-journey.spec.ts',
];

/**
 * Journeys that change what every other journey sees, so they run alone, after the rest (e2e/run.mjs
 * runs the "-site" projects in a second, one-worker pass against the same server): maintenance and
 * region blocking (status, the back office's maintenance page), the site-wide figures a journey
 * asserts exactly (the dashboard's GGR of the day, agent01's new members of the month, which the
 * agent journeys that register below agent01 would move), and the back office's site-wide settings
 * and content (the agents' promote switch, demo01 moved in agent01's tree, the catalogue's games,
 * hot list and RTP, the customer-service link, the marquee, region rules). Every other journey works
 * on data of its own (a member, an agent, a contract it creates) and runs in parallel.
 */
const SITE_WIDE = [
  '**/status.spec.ts',
  '**/backoffice.spec.ts',
  '**/backoffice-agents.spec.ts',
  '**/backoffice-content.spec.ts',
  '**/backoffice-journey.spec.ts',
  '**/agent-centre.spec.ts',
];

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

/**
 * e2e in Debian Chromium (never a downloaded browser) against the built app on the real server, which
 * e2e/run.mjs starts on a fresh embedded database and passes in as E2E_BASE_URL.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: process.env.E2E_OUTPUT_DIR ?? './.artifacts/results',
  // Files share out over the workers of the first pass (a file's tests stay in order, in one
  // worker); the site-wide pass runs with --workers=1 (e2e/run.mjs). CI runs two (E2E_WORKERS says
  // otherwise): once traces were kept to retries and motion reduced, a test's browser no longer
  // filled both cores, and two workers overlap one journey's waits (a scheduler's tick, a poll) with
  // another's work: the parallel pass took 9.8 min on two, 17.9 on one before those two changes,
  // which alone took a quarter off a third of the suite on one (docs/architecture.md, "Tests and
  // CI"). Elsewhere one, so that `npm test` on a machine busy with other work, where there is no
  // retry, does not starve two browsers.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1)),
  // One retry in CI so a one-off browser hiccup does not sink a run; the list reporter still marks
  // such a test as flaky, so it is seen and mended rather than hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080',
    locale: 'pt-BR',
    // A trace records every step's DOM and a screencast, for every journey, passed or not: with the
    // endless animations below, it cost a quarter of the journeys' time (measured together). CI
    // records it on the retry of a failed journey (retries: 1 there); elsewhere every failure keeps one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The app honours reduced motion (no marquee, no carousel autoplay, no transitions): endless
    // animations kept the headless browser's software compositor drawing every frame of every
    // journey. The journeys that check motion itself ask for it (lobby.spec.ts).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'phone', testIgnore: [...DESKTOP_JOURNEYS, ...SITE_WIDE], use: PHONE },
    { name: 'desktop', testIgnore: [...PHONE_JOURNEYS, ...SITE_WIDE], use: DESKTOP },
    { name: 'phone-site', testMatch: SITE_WIDE, testIgnore: DESKTOP_JOURNEYS, use: PHONE },
    { name: 'desktop-site', testMatch: SITE_WIDE, testIgnore: PHONE_JOURNEYS, use: DESKTOP },
  ],
});
