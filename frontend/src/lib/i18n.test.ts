import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../public/locales/en/translation.json';
import { jsonResponse, stubFetch } from '../testing/fetch-stub';

/** Loads the app's real i18next set-up against a stubbed network and reports each request time. */
async function loadTranslations(answers: (() => Response)[]) {
  vi.useFakeTimers();
  const requestedAt: number[] = [];
  const fetchMock = stubFetch(() => {
    requestedAt.push(Date.now());
    return (
      answers[requestedAt.length - 1] ??
      answers[answers.length - 1] ??
      (() => jsonResponse(200, en))
    )();
  });
  vi.resetModules();
  const { default: sut } = await import('./i18n');
  await vi.runAllTimersAsync();
  const delays = requestedAt.slice(1).map((time, index) => time - (requestedAt[index] ?? 0));
  return { sut, fetchMock, delays };
}

const failing = (status: number) => () => new Response('failure', { status });

describe('i18n set-up', () => {
  afterEach(() => {
    document.cookie = 'i18next=; max-age=0; path=/';
  });

  it('loads /locales/{lng}/translation.json', async () => {
    const { sut, fetchMock } = await loadTranslations([() => jsonResponse(200, en)]);

    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/locales/en/translation.json');
    expect(sut.t('auth.login.submit')).toBe('Login');
  });

  it('retries a 5xx answer up to 5 times, waiting 350 ms and doubling', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetchMock, delays } = await loadTranslations([failing(503)]);

    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(delays).toEqual([350, 700, 1400, 2800, 5600]);
  });

  it('stops retrying once an answer arrives', async () => {
    const { sut, fetchMock } = await loadTranslations([failing(502), () => jsonResponse(200, en)]);

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sut.t('common.loading')).toBe('Loading...');
  });

  it('treats a 4xx or an unparsable answer as final', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const notFound = await loadTranslations([failing(404)]);
    expect(notFound.fetchMock).toHaveBeenCalledTimes(1);

    const garbage = await loadTranslations([() => new Response('<html>', { status: 200 })]);
    expect(garbage.fetchMock).toHaveBeenCalledTimes(1);
  });
});
