import escapeHtml from 'escape-html';
import type { ReminderKind } from './reminders.repository';

/**
 * A due-date reminder by mail. Papan does not know which language a person reads (the interface
 * keeps it in their browser), so the message says it in English and in Indonesian.
 */
export function composeReminderMail(kind: ReminderKind, name: string, card: string, link: string) {
  const en = kind === 'soon' ? `The card "${card}" is due in 24 hours.` : `The card "${card}" is overdue.`;
  const id =
    kind === 'soon' ? `Kartu "${card}" jatuh tempo dalam 24 jam.` : `Kartu "${card}" sudah lewat tenggat.`;
  const subject = kind === 'soon' ? `Due in 24 hours: ${card}` : `Overdue: ${card}`;
  const text = [`Hi ${name},`, '', en, '', `Halo ${name},`, '', id, '', link, '', '— Papan'].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(`Hi ${name},`)}</p>
<p>${escapeHtml(en)}</p>
<p lang="id">${escapeHtml(`Halo ${name},`)}<br>${escapeHtml(id)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">Open the board / Buka papan</a></p>
<p>— Papan</p>
</body></html>`;
  return { subject, text, html };
}
