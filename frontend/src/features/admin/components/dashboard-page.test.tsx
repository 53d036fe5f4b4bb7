import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, type StubRequest } from '../../../testing/api-stub';
import { lastSocket } from '../../../testing/fake-socket-io';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { GROWTH, HEALTH, signInAsAdmin, STATS, USERS } from './admin-fixtures';

function stubAdmin(routes: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/admin/stats': STATS,
    'GET /api/admin/stats/user-growth': GROWTH,
    'GET /api/users': USERS,
    'GET /api/admin/health': HEALTH,
    ...routes,
  });
}

// jsdom has no canvas, so chart.js cannot draw here: the charts show their label and numbers instead.
vi.mock('react-chartjs-2', () => {
  type Props = { 'aria-label': string; data: { labels: string[]; datasets: { data: number[] }[] } };
  const Chart = ({ 'aria-label': label, data }: Props) => (
    <div role="img" aria-label={label}>
      {data.labels.map((name, i) => `${name}=${data.datasets[0]?.data[i]}`).join(' ')}
    </div>
  );
  return { Line: Chart, Bar: Chart };
});

const statCard = (name: RegExp) => screen.getByRole('button', { name });

describe('DashboardPage', () => {
  it('shows the health panel: version, database, mail, webhooks and every instance', async () => {
    signInAsAdmin();
    stubAdmin();
    renderApp('/admin');
    const panel = (await screen.findByRole('heading', { name: 'Health' })).closest('section')!;
    expect(await within(panel).findByText('1.0.0')).toBeInTheDocument();
    expect(within(panel).getByText('PostgreSQL, 1.5 MB')).toBeInTheDocument();
    expect(within(panel).getByText('0 d 2 h 5 min')).toBeInTheDocument();
    expect(within(panel).getByText('2 sending, 1 failed')).toBeInTheDocument();
    expect(within(panel).getByText('3 active, 1 failing')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: '2 instances' })).toBeInTheDocument();
    expect(within(panel).getByText('papan-a')).toBeInTheDocument();
    expect(within(panel).getByText('papan-b')).toBeInTheDocument();
  });

  it('shows the four counts and follows admin:stats pushed over the socket', async () => {
    signInAsAdmin();
    stubAdmin();
    renderApp('/admin');

    expect(await screen.findByRole('button', { name: /Total Users\s*3/ })).toBeInTheDocument();
    expect(statCard(/Total Boards\s*12/)).toBeInTheDocument();
    expect(statCard(/Total Lists\s*30/)).toBeInTheDocument();
    expect(statCard(/Total Cards\s*240/)).toBeInTheDocument();

    act(() => lastSocket()?.serverEmit('admin:stats', { ...STATS, boardCount: 13 }));
    expect(await screen.findByRole('button', { name: /Total Boards\s*13/ })).toBeInTheDocument();
  });

  it('shows the growth line chart for Users and the content bar chart for Boards, Lists or Cards', async () => {
    signInAsAdmin();
    stubAdmin();
    const { user } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'User Growth (Last 7 Days)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'User Growth (Last 7 Days)' })).toHaveTextContent(
      '2 Jul=0 3 Jul=1 4 Jul=2 5 Jul=0 6 Jul=1 7 Jul=2 8 Jul=0',
    );
    await user.click(statCard(/Total Lists/));
    expect(screen.getByRole('heading', { name: 'Content Overview' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Content Overview' })).toHaveTextContent(
      'Boards=12 Lists=30 Cards=240',
    );
    expect(screen.queryByRole('heading', { name: 'User Growth (Last 7 Days)' })).not.toBeInTheDocument();
    expect(statCard(/Total Lists/)).toHaveAttribute('aria-pressed', 'true');
    await user.click(statCard(/Total Users/));
    expect(screen.getByRole('heading', { name: 'User Growth (Last 7 Days)' })).toBeInTheDocument();
  });

  it('replaces the page with the failure message when the admin data cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAsAdmin();
    stubAdmin({ 'GET /api/admin/stats': errorResponse(500, 'boom') });
    renderApp('/admin');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load administrator data. Please ensure the backend is running and try again.',
    );
    expect(screen.queryByText('User Management')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Total Users/ })).not.toBeInTheDocument();
  });

  it('still shows the dashboard when only the growth read fails (an empty chart)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAsAdmin();
    stubAdmin({ 'GET /api/admin/stats/user-growth': errorResponse(500, 'boom') });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'User Growth (Last 7 Days)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('User Management', () => {
  const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

  it('searches name or e-mail, case-insensitively, and counts what it found', async () => {
    signInAsAdmin();
    stubAdmin();
    const { user } = renderApp('/admin');

    expect(await screen.findByText('3 of 3 users found.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'EXAMPLE.org');
    expect(await screen.findByText('1 of 3 users found.')).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Alan Turing');

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'hopp');
    expect(await screen.findByText('1 of 3 users found.')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Grace Hopper');

    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('0 of 3 users found.')).toBeInTheDocument();
    expect(screen.getByText('No users found.')).toBeInTheDocument();
  });

  it('select-all selects only the rows the search shows', async () => {
    signInAsAdmin();
    const more = [...USERS, { ...USERS[1]!, _id: 'u-4', name: 'Grace Kelly', email: 'kelly@monaco.mc' }];
    const api = stubAdmin({ 'GET /api/users': more, 'DELETE /api/admin/users': { deletedCount: 2 } });
    const { user } = renderApp('/admin');

    await user.type(await screen.findByRole('searchbox'), 'grace');
    expect(await screen.findByText('2 of 4 users found.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all users shown' }));
    expect(screen.getByRole('button', { name: 'Delete (2) Selected Users' })).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox'));
    expect(await screen.findByText('4 of 4 users found.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Grace Hopper' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Grace Kelly' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Alan Turing' })).not.toBeChecked();
    // The administrator's own row can never be selected.
    expect(screen.getByRole('checkbox', { name: 'Select Root Admin' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Delete (2) Selected Users' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm Delete' }));
    await vi.waitFor(() => expect(api.calls('DELETE /api/admin/users')).toHaveLength(1));
    expect(api.calls('DELETE /api/admin/users')[0]!.body).toEqual({ userIds: ['u-2', 'u-4'] });
  });

  it('toggles the role (ADMIN → MEMBER, anything else → ADMIN) and updates the row', async () => {
    signInAsAdmin();
    const api = stubAdmin({
      'PUT /api/users/u-2': ({ body }: StubRequest) => ({ ...USERS[1], ...(body as object) }),
      'PUT /api/users/u-3': ({ body }: StubRequest) => ({ ...USERS[2], ...(body as object) }),
    });
    const { user } = renderApp('/admin');

    const grace = (await screen.findByText('grace@navy.mil')).closest('tr')!;
    expect(grace).toHaveTextContent('Owner');
    await user.click(within(grace).getByRole('button', { name: 'Make Admin: Grace Hopper' }));
    await vi.waitFor(() =>
      expect(within(grace).getByRole('button', { name: 'Make Member: Grace Hopper' })).toBeEnabled(),
    );
    expect(grace).toHaveTextContent('Admin');
    expect(api.calls('PUT /api/users/u-2')[0]!.body).toEqual({ role: 'ADMIN' });

    const alan = screen.getByText('alan@example.ORG').closest('tr')!;
    await user.click(within(alan).getByRole('button', { name: 'Make Member: Alan Turing' }));
    await vi.waitFor(() => expect(alan).toHaveTextContent('Member'));
    expect(api.calls('PUT /api/users/u-3')[0]!.body).toEqual({ role: 'MEMBER' });
    expect(api.calls('GET /api/users')).toHaveLength(1);
  });

  it('says "Failed to update user role." when the change fails, and keeps the role', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAsAdmin();
    stubAdmin({ 'PUT /api/users/u-2': errorResponse(500, 'boom') });
    const { user } = renderApp('/admin');

    const grace = (await screen.findByText('grace@navy.mil')).closest('tr')!;
    await user.click(within(grace).getByRole('button', { name: 'Make Admin: Grace Hopper' }));
    expect(await screen.findByText('Failed to update user role.')).toBeInTheDocument();
    expect(grace).toHaveTextContent('Owner');
  });

  it('shows whether each address is verified and marks an unverified one verified', async () => {
    signInAsAdmin();
    const unverified = { ...USERS[1]!, emailVerified: false };
    const api = stubAdmin({
      'GET /api/users': [USERS[0], unverified, USERS[2]],
      'POST /api/admin/users/u-2/verify-email': { ...unverified, emailVerified: true },
    });
    const { user } = renderApp('/admin');

    const grace = (await screen.findByText('grace@navy.mil')).closest('tr')!;
    const alan = screen.getByText('alan@example.ORG').closest('tr')!;
    expect(grace).toHaveTextContent('Unverified');
    expect(alan).toHaveTextContent('Verified');
    expect(within(alan).queryByRole('button', { name: /Mark verified/ })).not.toBeInTheDocument();

    await user.click(within(grace).getByRole('button', { name: 'Mark verified: Grace Hopper' }));

    expect(await screen.findByText('grace@navy.mil is now verified.')).toBeInTheDocument();
    expect(within(grace).queryByRole('button', { name: /Mark verified/ })).not.toBeInTheDocument();
    expect(grace).not.toHaveTextContent('Unverified');
    expect(grace).toHaveTextContent('Verified');
    expect(api.calls('POST /api/admin/users/u-2/verify-email')).toHaveLength(1);
    expect(api.calls('GET /api/users')).toHaveLength(1);
  });

  it('says so when marking an address verified fails, and keeps the row as it was', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAsAdmin();
    stubAdmin({
      'GET /api/users': [USERS[0], { ...USERS[1]!, emailVerified: false }],
      'POST /api/admin/users/u-2/verify-email': errorResponse(500, 'boom'),
    });
    const { user } = renderApp('/admin');

    const grace = (await screen.findByText('grace@navy.mil')).closest('tr')!;
    await user.click(within(grace).getByRole('button', { name: 'Mark verified: Grace Hopper' }));

    expect(await screen.findByText('Failed to mark the email address verified.')).toBeInTheDocument();
    expect(grace).toHaveTextContent('Unverified');
    expect(within(grace).getByRole('button', { name: 'Mark verified: Grace Hopper' })).toBeEnabled();
  });

  it('names one user in the confirm title, counts several, and cancels without a call', async () => {
    signInAsAdmin();
    const api = stubAdmin();
    const { user } = renderApp('/admin');

    await user.click(await screen.findByRole('button', { name: 'Delete user: Grace Hopper' }));
    const one = screen.getByRole('dialog', { name: 'Delete User: "Grace Hopper"?' });
    expect(one).toHaveTextContent(
      'Are you sure you want to permanently delete the selected user(s)? This action cannot be undone.',
    );
    await user.click(within(one).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select all users shown' }));
    await user.click(screen.getByRole('button', { name: 'Delete (2) Selected Users' }));
    const many = screen.getByRole('dialog', { name: 'Delete 2 Users?' });
    expect(within(many).getByRole('button', { name: 'Confirm Delete' })).toBeInTheDocument();
    await user.click(within(many).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('deletes one user and reads the lists again', async () => {
    signInAsAdmin();
    let users = USERS;
    const api = stubAdmin({
      'GET /api/users': () => users,
      'DELETE /api/users/u-2': () => {
        users = USERS.filter((u) => u._id !== 'u-2');
        return { message: 'User deleted', _id: 'u-2' };
      },
    });
    const { user } = renderApp('/admin');

    await user.click(await screen.findByRole('button', { name: 'Delete user: Grace Hopper' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));

    expect(await screen.findByText('2 of 2 users found.')).toBeInTheDocument();
    expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument();
    expect(api.calls('GET /api/admin/stats').length).toBeGreaterThan(1);
  });

  it('says "Failed to delete user(s)." when the delete fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAsAdmin();
    stubAdmin({ 'DELETE /api/users/u-2': errorResponse(500, 'boom') });
    const { user } = renderApp('/admin');

    await user.click(await screen.findByRole('button', { name: 'Delete user: Grace Hopper' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(await screen.findByText('Failed to delete user(s).')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
  });
});
