/**
 * Every business constant and limit, defined once (docs/product.md, "Limits and timings";
 * docs/api.md, "Text limits").
 */
export const LIMITS = {
  title: 200,
  name: 200,
  labelName: 50,
  description: 20_000,
  comment: 20_000,
  message: 5_000,
  email: 254,
  password: 256,
  url: 2_000,
  customLabelsPerBoard: 10,
  minPasswordLength: 8,
  profilePictureBytes: 2 * 1024 * 1024,
  /** The secrets in e-mailed links and the Google sign-in code (32 random bytes, base64url). */
  linkToken: 128,
} as const;

/** How long the e-mailed links and the Google sign-in code last (docs/api.md, "Authentication"). */
export const LINK_TTL_SECONDS = {
  verifyEmail: 24 * 60 * 60,
  resetPassword: 60 * 60,
  googleCode: 60,
  /** A sign-in waiting for its second factor (docs/api.md, "Two-factor sign-in"). */
  twoFactorChallenge: 5 * 60,
  /** A single sign-on account waiting for its owner's password to be linked (docs/api.md, "Single sign-on"). */
  oidcPendingLink: 30 * 60,
} as const;

export const TIMINGS = {
  requestTimeoutMs: 30_000,
  notificationPollMs: 30_000,
  boardPollMs: 5_000,
  toastMs: 4_000,
  cardModalCloseDelayMs: 50,
  copiedFeedbackMs: 2_000,
  registerRedirectMs: 2_000,
  profileMessageMs: 4_000,
  contactResetMs: 2_000,
  cropPreviewDebounceMs: 100,
} as const;

export const UI = {
  homeBoardLimit: 4,
  toastLimit: 3,
  toastWidthPx: 356,
  toastGapPx: 14,
  toastSwipeThresholdPx: 45,
  dragActivationPx: 5,
  keyboardDragStepPx: 25,
  googlePopup: { width: 600, height: 700 },
  adminGrowthDays: 7,
  adminChartHeight: 300,
} as const;

export const DEFAULT_LABELS = [
  { name: 'Feature', color: '#61bd4f' },
  { name: 'Bug', color: '#eb5a46' },
  { name: 'Refactor', color: '#c377e0' },
  { name: 'Testing', color: '#f2d600' },
  { name: 'Docs', color: '#0079bf' },
] as const;

export const DEFAULT_LABEL_NAMES: readonly string[] = DEFAULT_LABELS.map((l) => l.name);

/** Twelve preset label colours; the first, a light blue, is the default. */
export const LABEL_PRESET_COLORS = [
  '#7dd3fc',
  '#61bd4f',
  '#f2d600',
  '#ff9f1a',
  '#eb5a46',
  '#c377e0',
  '#0079bf',
  '#00c2e0',
  '#51e898',
  '#ff78cb',
  '#344563',
  '#b3bac5',
] as const;

export const LANGUAGES = ['en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const STORAGE_KEYS = { token: 'token', userInfo: 'userInfo', theme: 'theme' } as const;

export const APP_VERSION = { version: '1.0.0', released: '2025-07-08' } as const;

export const ROLES = ['ADMIN', 'MEMBER', 'OWNER'] as const;
export type Role = (typeof ROLES)[number];

export const PROVIDERS = ['local', 'google', 'oidc'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];

export const SOURCE_CODE_URL = 'https://github.com/papan-app/papan';

/**
 * The initials avatar for users without a picture, from an external avatar service
 * (docs/product.md, "Entities").
 */
export function initialsAvatarUrl(name: string): string {
  const safe = encodeURIComponent(name.trim() || 'User');
  return `https://ui-avatars.com/api/?name=${safe}&background=random&size=128`;
}
