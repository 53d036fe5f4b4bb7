import { describe, expect, it } from 'vitest';
import { testI18n } from '../../testing/test-i18n';
import { ApiError } from '../api-client';
import { refusalText } from './refusal-text';

describe(refusalText.name, () => {
  const t = testI18n.getFixedT('en');
  const rename = {
    kind: 'list.rename',
    name: 'To do',
    args: { listId: 'l1', title: 'Doing', before: 'To do' },
  };

  it('keeps the typed name when a waiting rename meets a list renamed meanwhile (412)', () => {
    const error = new ApiError(412, 'The list changed since revision 1: it is at revision 2', {
      statusCode: 412,
      message: 'The list changed since revision 1: it is at revision 2',
      current: { revision: 2, title: 'Next' },
    });
    expect(refusalText(t, rename, error)).toBe(
      '"To do" was renamed by someone else meanwhile, so your name was not applied: "Doing"',
    );
    expect(refusalText(testI18n.getFixedT('id'), rename, error)).toBe(
      '"To do" diganti namanya oleh orang lain sementara itu, jadi nama Anda tidak diterapkan: "Doing"',
    );
  });

  it('says the server’s reason for any other refusal', () => {
    const error = new ApiError(404, 'List not found', { statusCode: 404, message: 'List not found' });
    expect(refusalText(t, rename, error)).toBe('Could not rename the list "To do": List not found');
  });
});
