import { changePasswordSchema, contactSchema, LIMITS } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import { fieldIssues } from './field-issues';

describe(fieldIssues.name, () => {
  it('finds nothing wrong in values the schema accepts', () => {
    const sut = fieldIssues(contactSchema, { name: 'Ada', email: 'ada@example.com', message: 'Hi' });
    expect(sut).toEqual({});
  });

  it('names the first issue of each field: empty, too long, not an e-mail', () => {
    const sut = fieldIssues(contactSchema, {
      name: 'x'.repeat(LIMITS.name + 1),
      email: 'not an address',
      message: '   ',
    });
    expect(sut).toEqual({
      name: { kind: 'tooLong', limit: LIMITS.name },
      email: { kind: 'email' },
      message: { kind: 'required' },
    });
  });

  it('tells a short value from an empty one', () => {
    const sut = fieldIssues(changePasswordSchema, { currentPassword: '', newPassword: 'short' });
    expect(sut).toEqual({
      currentPassword: { kind: 'required' },
      newPassword: { kind: 'tooShort', limit: LIMITS.minPasswordLength },
    });
  });
});
