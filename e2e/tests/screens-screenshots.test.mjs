// @ts-check
/* global document, getComputedStyle -- page.evaluate callbacks run in the browser */
// Every screen of issue 6 in light and dark, English and Indonesian: each must show its key text in
// that language, leave no English behind in Indonesian, fit the 1280-pixel width, and log no error.
// The pictures land in e2e/screenshots/<screen>-<theme>-<language>.png for a person to look at.
// axe-core (WCAG 2.1 A/AA and best practices, issue 16) checks each one: nothing serious or critical.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launchBrowser, screenshot } from '../support/browser.mjs';
import {
  callApi,
  desktopUserAgent,
  drawPng,
  loginToken,
  newAppContext,
  registerAccount,
} from '../support/app.mjs';
import { englishOnlyStrings, translator } from '../support/translations.mjs';
import { assertNoSeriousViolations } from '../support/axe.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {ReturnType<typeof translator>} T */
/** @typedef {Awaited<ReturnType<typeof seed>>} World */
/**
 * @typedef {object} Screen
 * @property {string} name
 * @property {string | ((world: World) => string)} path
 * @property {boolean} signedIn
 * @property {(t: T, world: World) => string[]} texts what the screen must show (the words of docs/product.md)
 * @property {(page: Page, t: T, world: World) => Promise<void>} [open] a popover or dialog to open first
 * @property {boolean} [fullPage] also a picture of the whole page, besides the first 1280×800 pixels
 */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A user with boards, lists, cards, a comment, an archived board, two devices and a blocked user. */
/** @param {import('playwright-core').Browser} browser */
async function seed(browser) {
  // Short and readable, as the address shows in the account menu and on the profile.
  const suffix = Date.now().toString(36).slice(-5);
  const siti = await registerAccount('Siti Rahma', 'secret-password', `siti.rahma.${suffix}@example.com`);
  const budi = await registerAccount('Budi Santoso');
  const rudi = await registerAccount('Rudi Hartono');
  const token = await loginToken(siti, desktopUserAgent(browser));
  await loginToken(siti, IPHONE);
  const budiToken = await loginToken(budi);
  /** @param {string} title @param {string} [description] */
  const createBoard = (title, description) =>
    callApi(token, 'POST', '/api/boards', description ? { title, description } : { title });

  const retro = await createBoard('Q1 retrospective', 'What went well and what to change next quarter.');
  await callApi(token, 'PUT', `/api/boards/${retro._id}/archive`);
  await createBoard('Hiring 2025', 'Interview pipeline for the design and engineering roles.');
  await createBoard('Marketing plan');
  const web = await createBoard('Website refresh', 'A new look for the marketing site, mobile first.');
  await callApi(token, 'PUT', `/api/boards/${web._id}`, { title: 'Website redesign' });
  const launch = await createBoard('Product launch', 'Everything we need for the July release.');
  await callApi(token, 'PUT', `/api/boards/${launch._id}/toggle-pin`);
  const [todo, doing] = await Promise.all(
    ['To Do', 'In Progress', 'Done'].map((title) =>
      callApi(token, 'POST', `/api/boards/${launch._id}/lists`, { title }),
    ),
  ).then((lists) => lists.sort((a, b) => a.position - b.position));
  const notes = await callApi(token, 'POST', `/api/lists/${todo._id}/cards`, {
    title: 'Write release notes',
  });
  const bug = await callApi(token, 'POST', `/api/lists/${todo._id}/cards`, { title: 'Fix login redirect' });
  await callApi(token, 'PUT', `/api/boards/${launch._id}/dnd`, {
    type: 'card',
    cardId: notes._id,
    sourceListId: todo._id,
    destListId: doing._id,
    newPosition: 0,
  });
  await callApi(token, 'POST', `/api/boards/${launch._id}/members`, { email: budi.email });
  await callApi(budiToken, 'POST', `/api/cards/${bug._id}/comments`, {
    text: 'I can reproduce it on Safari.',
  });
  const design = await callApi(budiToken, 'POST', '/api/boards', { title: 'Design system' });
  await callApi(budiToken, 'POST', `/api/boards/${design._id}/members`, { email: siti.email });
  await callApi(token, 'POST', '/api/users/block', { userIdToBlock: rudi._id });

  /** Budi comments again, so the bell has something unread to open. */
  const comment = () =>
    callApi(budiToken, 'POST', `/api/cards/${bug._id}/comments`, { text: 'Fixed on staging, please check.' });
  return { siti, token, comment, launchId: /** @type {string} */ (launch._id) };
}

/** @type {Screen[]} */
const SCREENS = [
  {
    name: 'landing',
    path: '/',
    signedIn: false,
    texts: (t) => [
      t('landing.hero.title'),
      t('landing.features.dragDrop.title'),
      t('landing.features.realtime.title'),
      t('landing.hero.getStarted'),
      t('landing.stats.users.label'),
      t('landing.testimonials.title'),
      t('landing.cta.startTrial'),
      t('landing.footer.privacy'),
    ],
    fullPage: true,
  },
  {
    name: 'login',
    path: '/login',
    signedIn: false,
    texts: (t) => [t('auth.login.title'), t('auth.login.password'), t('auth.login.registerLink')],
  },
  {
    name: 'register',
    path: '/register',
    signedIn: false,
    texts: (t) => [t('auth.register.title'), t('auth.register.fullName'), t('auth.register.confirmPassword')],
  },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    signedIn: false,
    texts: (t) => [
      t('auth.forgot.title'),
      t('auth.forgot.email'),
      t('auth.forgot.submit'),
      t('auth.forgot.backToLogin'),
    ],
  },
  {
    name: 'reset-password',
    path: '/reset-password?token=screens-reset-token',
    signedIn: false,
    texts: (t) => [
      t('auth.reset.title'),
      t('auth.reset.password'),
      t('auth.reset.confirmPassword'),
      t('auth.reset.submit'),
    ],
  },
  {
    name: 'verify-email-refused',
    path: '/verify-email?token=screens-spent-token',
    signedIn: false,
    texts: (t) => [
      t('auth.verify.title'),
      t('auth.verify.failed'),
      t('auth.verify.loginHint'),
      t('auth.verify.login'),
    ],
  },
  {
    name: 'contact-support-visitor',
    path: '/contact-support',
    signedIn: false,
    texts: (t) => [t('contact.title'), t('contact.email'), t('contact.message'), t('contact.status.idle')],
  },
  {
    name: 'not-found-visitor',
    path: '/no-such-page',
    signedIn: false,
    texts: (t) => [t('notFound.title'), t('notFound.login'), t('notFound.contactSupport')],
  },
  {
    name: 'home',
    path: '/',
    signedIn: true,
    texts: (t, { siti }) => [
      t('home.welcome', { name: siti.name }),
      t('home.viewAll'),
      t('boards.card.pinned'),
      'Product launch',
      t('home.templates.kanban.title'),
    ],
  },
  {
    name: 'board',
    path: (world) => `/board/${world.launchId}`,
    signedIn: true,
    texts: () => ['Product launch', 'To Do', 'In Progress', 'Fix login redirect', 'Write release notes'],
  },
  {
    name: 'card-modal',
    path: (world) => `/board/${world.launchId}`,
    signedIn: true,
    texts: (t) => [
      t('board.modal.inList', { list: 'To Do' }),
      t('board.modal.addToCard'),
      t('board.modal.actions'),
      'I can reproduce it on Safari.',
    ],
    open: async (page) => {
      await page.getByRole('region', { name: 'To Do', exact: true }).getByText('Fix login redirect').click();
      await page.getByRole('dialog', { name: 'Fix login redirect' }).waitFor();
    },
  },
  {
    name: 'projects',
    path: '/projects',
    signedIn: true,
    texts: (t) => [t('projects.title'), t('projects.create'), 'Design system', t('boards.card.pinned')],
  },
  {
    name: 'archived',
    path: '/archived',
    signedIn: true,
    texts: (t) => [t('archived.title'), 'Q1 retrospective', t('archived.restore')],
  },
  {
    name: 'activity',
    path: '/activity',
    signedIn: true,
    texts: (t) => [t('activity.title'), t('activity.today'), 'Fix login redirect'],
  },
  {
    name: 'settings-profile',
    path: '/settings/profile',
    signedIn: true,
    texts: (t) => [
      t('settings.profile.title'),
      t('settings.profile.photo.hint'),
      t('settings.profile.changePassword'),
      t('settings.profile.save'),
    ],
  },
  {
    name: 'crop-dialog',
    path: '/settings/profile',
    signedIn: true,
    texts: (t) => [t('settings.profile.photo.cropTitle'), t('settings.profile.photo.apply')],
    open: async (page, t) => {
      await page.getByLabel(t('settings.profile.photo.choose')).setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: await drawPng(page, 480, 360),
      });
      await page.getByRole('img', { name: t('settings.profile.photo.cropImageAlt') }).waitFor();
    },
  },
  {
    name: 'settings-security',
    path: '/settings/security',
    signedIn: true,
    texts: (t) => [
      t('settings.security.password.title'),
      t('settings.security.sessions.title'),
      t('settings.security.sessions.current'),
    ],
  },
  {
    name: 'settings-privacy',
    path: '/settings/privacy',
    signedIn: true,
    texts: (t) => [t('settings.privacy.blocked.title'), 'Rudi Hartono', t('settings.privacy.delete.button')],
  },
  {
    name: 'settings-accessibility',
    path: '/settings/accessibility',
    signedIn: true,
    texts: (t) => [
      t('settings.accessibility.theme.title'),
      t('settings.accessibility.theme.dark'),
      t('settings.accessibility.language.title'),
    ],
  },
  {
    name: 'help',
    path: '/help',
    signedIn: true,
    texts: (t) => [t('help.title'), t('help.faq.whatIsKanban.question'), t('help.faq.archiveCards.question')],
  },
  {
    name: 'whats-new',
    path: '/whats-new',
    signedIn: true,
    texts: (t) => [
      t('whatsNew.title'),
      t('whatsNew.version', { version: '1.0.0' }),
      t('whatsNew.releaseTitle'),
      t('whatsNew.items.adminPanel.title'),
    ],
  },
  {
    name: 'contact-support',
    path: '/contact-support',
    signedIn: true,
    texts: (t) => [t('contact.title'), t('contact.name'), t('contact.status.idle')],
  },
  {
    name: 'not-found',
    path: '/no-such-page',
    signedIn: true,
    texts: (t) => [t('notFound.title'), t('notFound.home'), t('notFound.projects'), t('notFound.activity')],
  },
  {
    name: 'notifications-open',
    path: '/projects',
    signedIn: true,
    texts: (t) => [
      t('notifications.title'),
      t('notifications.templates.addedYou', { actor: 'Budi Santoso', board: 'Design system' }),
    ],
    open: async (page, t) => {
      // "Notifications (3 unread)": Budi has just commented, whatever the count before.
      const unread = t('notifications.labelUnread', { count: 0 })
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace('0', '\\d+');
      await page.getByRole('button', { name: new RegExp(`^${unread}$`) }).click();
      await page.getByRole('region', { name: t('notifications.title') }).waitFor();
    },
  },
  {
    name: 'account-menu-open',
    path: '/projects',
    signedIn: true,
    texts: (t, { siti }) => [
      siti.email,
      t('app.account.settings'),
      t('app.account.whatsNew'),
      t('common.logOut'),
    ],
    open: async (page, t) => {
      await page.getByRole('button', { name: t('app.account.menu') }).click();
      await page.getByRole('menu', { name: t('app.account.menu') }).waitFor();
    },
  },
  {
    name: 'create-board-dialog',
    path: '/',
    signedIn: true,
    texts: (t) => [t('boards.create.title'), t('boards.create.descriptionLabel'), t('boards.create.submit')],
    open: async (page, t) => {
      await page.getByRole('button', { name: t('app.nav.create'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('boards.create.title') });
      await dialog.getByLabel(t('boards.create.titleLabel')).fill('Sprint 14');
    },
  },
];

const COMBINATIONS = /** @type {const} */ ([
  { theme: 'light', language: 'en' },
  { theme: 'dark', language: 'en' },
  { theme: 'light', language: 'id' },
  { theme: 'dark', language: 'id' },
]);

// The world's lists are titled in English by their owner, as people do.
const englishOnly = englishOnlyStrings(['To Do', 'In Progress', 'Done']);

/** English that libraries write on their own (react-toastify, react-image-crop) and the app must replace. */
const LIBRARY_ENGLISH = [
  /^Notifications Alt\+T$/,
  /^close$/,
  /^Use the arrow keys to move the crop selection area$/,
  /drag handle to change the crop selection area$/,
];

/**
 * Lines of visible text and the labels people and screen readers get (aria-label, title, placeholder).
 * @param {Page} page
 */
function visibleTexts(page) {
  return page.evaluate(() => {
    const lines = document.body.innerText.split('\n').map((line) => line.trim());
    const attributes = [...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''),
    );
    return [...lines, ...attributes].filter(Boolean);
  });
}

/**
 * Buttons and links on a solid background whose text hardly differs from it (contrast under 3:1),
 * such as a white button with near-white text. Colours are read back through a canvas, which
 * understands every CSS colour syntax (Tailwind 4 writes oklch()).
 * @param {Page} page
 */
function unreadableControls(page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return [];
    /** @param {string} color */
    const rgba = (color) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data];
    };
    /** @param {number[]} rgb */
    const luminance = (rgb) => {
      const [r = 0, g = 0, b = 0] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    return [...document.querySelectorAll('button, a')].flatMap((element) => {
      const style = getComputedStyle(element);
      const text = element.textContent?.trim() ?? '';
      if (!text || !element.checkVisibility()) return [];
      const background = rgba(style.backgroundColor);
      if (background[3] !== 255) return [];
      const [light, dark] = [luminance(rgba(style.color)), luminance(background)].sort((a, b) => b - a);
      const ratio = ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
      return ratio < 3 ? [`${text} (${ratio.toFixed(2)}:1)`] : [];
    });
  });
}

describe('every screen in light and dark, English and Indonesian', () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {World} */
  let world;
  before(async () => {
    browser = await launchBrowser();
    world = await seed(browser);
  });
  after(async () => {
    await browser?.close();
  });

  for (const { theme, language } of COMBINATIONS) {
    describe(`${theme}, ${language}`, () => {
      const t = translator(language);
      /** @type {Record<'visitor' | 'user', Page>} */
      const pages = /** @type {any} */ ({});
      /** @type {string[]} */
      const problems = [];
      before(async () => {
        for (const who of /** @type {const} */ (['visitor', 'user'])) {
          const context = await newAppContext(browser, {
            theme,
            language,
            token: who === 'user' ? world.token : undefined,
          });
          const page = await context.newPage();
          page.setDefaultTimeout(10_000);
          page.on('pageerror', (error) => problems.push(error.message));
          page.on('console', (message) => {
            if (/missing translation key/.test(message.text())) problems.push(message.text());
          });
          pages[who] = page;
        }
      });
      after(async () => {
        await Promise.all(Object.values(pages).map((page) => page.context().close()));
      });

      for (const screen of SCREENS) {
        it(`shows ${screen.name}`, async () => {
          const page = pages[screen.signedIn ? 'user' : 'visitor'];
          if (screen.name === 'notifications-open') await world.comment();
          const path = typeof screen.path === 'string' ? screen.path : screen.path(world);
          await page.goto(`${BASE_URL}${path}`);
          await screen.open?.(page, t, world);
          for (const text of screen.texts(t, world)) await page.getByText(text).first().waitFor();
          // Every spinner gone (the board's drag and drop keeps a live region of its own).
          await page.locator('[role="status"]:has(.animate-spin)').first().waitFor({ state: 'detached' });
          await page.evaluate(() => document.fonts.ready);

          assert.equal(
            await page.evaluate(() => document.documentElement.classList.contains('dark')),
            theme === 'dark',
          );
          assert.equal(await page.evaluate(() => document.documentElement.lang), language);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          assert.equal(overflow, 0, `${screen.name} is ${overflow}px wider than the window`);
          assert.deepEqual(await unreadableControls(page), [], `${screen.name} has unreadable controls`);
          const labels = await visibleTexts(page);
          const libraryEnglish = labels.filter((text) =>
            LIBRARY_ENGLISH.some((pattern) => pattern.test(text)),
          );
          assert.deepEqual(libraryEnglish, [], `${screen.name} shows a library's English label`);
          if (language === 'id') {
            const leaks = labels.filter((text) => englishOnly.has(text));
            assert.deepEqual(leaks, [], `${screen.name} shows English text in Indonesian`);
          }
          assert.deepEqual(problems, []);
          await screenshot(page, `${screen.name}-${theme}-${language}`, { fullPage: false });
          if (screen.fullPage) await screenshot(page, `${screen.name}-full-${theme}-${language}`);
          await assertNoSeriousViolations(page, `${screen.name} (${theme}, ${language})`);
        });
      }
    });
  }
});
