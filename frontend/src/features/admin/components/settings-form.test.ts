import { describe, expect, it } from 'vitest';
import { fromForm, toForm, type SettingsForm } from './settings-form';

const form: SettingsForm = {
  registration: 'invite',
  domains: '',
  announcementText: '',
  announcementLevel: 'info',
  requireTwoFactorForAdmins: false,
};

describe('settings form', () => {
  it('reads the stored settings into the fields and back', () => {
    const stored = {
      registration: 'closed' as const,
      allowedEmailDomains: ['campus.ac.id', 'example.org'],
      announcement: { text: 'Exams', level: 'warning' as const },
      requireTwoFactorForAdmins: true,
      version: 3,
      updatedAt: '2026-11-28T00:00:00.000Z',
    };
    expect(fromForm(toForm(stored))).toEqual({
      input: {
        registration: 'closed',
        allowedEmailDomains: ['campus.ac.id', 'example.org'],
        announcement: { text: 'Exams', level: 'warning' },
        requireTwoFactorForAdmins: true,
      },
    });
  });

  it('splits domains on lines, commas and spaces, drops a leading @, lower-cases and de-duplicates', () => {
    const result = fromForm({
      ...form,
      domains: '@Campus.AC.id, example.org\n\n example.org  lab.example.org',
    });
    expect(result).toMatchObject({
      input: { allowedEmailDomains: ['campus.ac.id', 'example.org', 'lab.example.org'] },
    });
  });

  it('sends no announcement when the text is empty, whatever the level', () => {
    expect(fromForm({ ...form, announcementText: '   ', announcementLevel: 'warning' })).toMatchObject({
      input: { announcement: null },
    });
  });

  it('names the field the server would refuse', () => {
    expect(fromForm({ ...form, domains: 'not a domain!' })).toEqual({ problem: 'domains' });
    expect(
      fromForm({ ...form, domains: Array.from({ length: 51 }, (_, i) => `d${i}.org`).join('\n') }),
    ).toEqual({
      problem: 'tooManyDomains',
    });
    expect(fromForm({ ...form, announcementText: 'x'.repeat(501) })).toEqual({
      problem: 'announcementTooLong',
    });
  });
});
