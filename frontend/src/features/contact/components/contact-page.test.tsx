import { TIMINGS } from '@papan/shared';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

type User = ReturnType<typeof renderApp>['user'];

async function fillAndSend(user: User) {
  await user.type(await screen.findByRole('textbox', { name: 'Full Name' }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'Email Address' }), 'ada@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'The board will not load.');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('ContactPage', () => {
  it('is public, with three required fields and an e-mail input', async () => {
    renderApp('/contact-support');

    expect(await screen.findByRole('heading', { name: 'Contact Support' })).toBeInTheDocument();
    for (const name of ['Full Name', 'Email Address', 'Message'])
      expect(screen.getByRole('textbox', { name })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveAttribute('type', 'email');
  });

  it('goes sending → success, says so, and is back to idle after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (response: Response) => void = () => {};
    const api = stubApi({
      'POST /api/contact': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderApp('/contact-support', { advanceTimers: vi.advanceTimersByTime });

    await fillAndSend(user);
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(api.calls('POST /api/contact')[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'The board will not load.',
    });

    await act(async () => answer(new Response('{"message":"ok"}', { status: 201 })));
    expect(await screen.findByRole('button', { name: 'Message Sent!' })).toBeDisabled();
    expect(screen.getByText('Your message has been sent successfully!')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.contactResetMs - 100));
    expect(screen.getByRole('button', { name: 'Message Sent!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('says sorry on failure and is back to idle after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'POST /api/contact': errorResponse(500, 'boom') });
    const { user } = renderApp('/contact-support', { advanceTimers: vi.advanceTimersByTime });

    await fillAndSend(user);

    expect(await screen.findByRole('button', { name: 'Failed to Send' })).toBeInTheDocument();
    expect(
      screen.getByText('Sorry, there was an error sending your message. Please try again later.'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.contactResetMs));
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('fills in the name and e-mail of a signed-in user, inside the app', async () => {
    signIn();
    renderApp('/contact-support');

    expect(await screen.findByRole('textbox', { name: 'Full Name' })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveValue('ada@example.com');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('refuses a message of only spaces, which the browser lets through, and sends nothing (contactSchema)', async () => {
    const api = stubApi();
    const { user } = renderApp('/contact-support');

    await user.type(await screen.findByRole('textbox', { name: 'Full Name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email Address' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Please fill in all fields.')).toBeInTheDocument();
    expect(api.calls('POST /api/contact')).toHaveLength(0);
  });
});
