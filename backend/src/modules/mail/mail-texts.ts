import escapeHtml from 'escape-html';
import type { Language } from '@papan/shared';

export type MailKind = 'verifyEmail' | 'resetPassword' | 'adminInvite';

interface MailText {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  ignore: string;
}

/** The messages Papan sends, in both interface languages. */
const TEXTS: Record<Language, Record<MailKind, MailText>> = {
  en: {
    verifyEmail: {
      subject: 'Verify your email address for Papan',
      greeting: (name) => `Hi ${name},`,
      body: 'Please confirm that this address is yours by opening the link below. The link works once and expires in 24 hours.',
      action: 'Verify email address',
      ignore: 'If you did not create a Papan account, you can ignore this message.',
    },
    resetPassword: {
      subject: 'Reset your Papan password',
      greeting: (name) => `Hi ${name},`,
      body: 'Someone asked to reset the password of your Papan account. Open the link below to choose a new one. The link works once and expires in 1 hour; every device signed in to your account will be signed out.',
      action: 'Reset password',
      ignore: 'If you did not ask for this, you can ignore this message: your password stays as it is.',
    },
    adminInvite: {
      subject: 'You are invited to Papan',
      greeting: () => 'Hello,',
      body: 'An administrator of Papan invited you to create an account. Open the link below to register with this address. The link expires in 7 days.',
      action: 'Create your account',
      ignore: 'If you do not want an account, you can ignore this message.',
    },
  },
  id: {
    verifyEmail: {
      subject: 'Verifikasi alamat email Anda untuk Papan',
      greeting: (name) => `Halo ${name},`,
      body: 'Konfirmasikan bahwa alamat ini milik Anda dengan membuka tautan di bawah. Tautan hanya berlaku sekali dan kedaluwarsa dalam 24 jam.',
      action: 'Verifikasi alamat email',
      ignore: 'Jika Anda tidak membuat akun Papan, abaikan pesan ini.',
    },
    resetPassword: {
      subject: 'Atur ulang kata sandi Papan Anda',
      greeting: (name) => `Halo ${name},`,
      body: 'Seseorang meminta untuk mengatur ulang kata sandi akun Papan Anda. Buka tautan di bawah untuk memilih kata sandi baru. Tautan hanya berlaku sekali dan kedaluwarsa dalam 1 jam; semua perangkat yang masuk ke akun Anda akan dikeluarkan.',
      action: 'Atur ulang kata sandi',
      ignore: 'Jika Anda tidak memintanya, abaikan pesan ini: kata sandi Anda tetap sama.',
    },
    adminInvite: {
      subject: 'Anda diundang ke Papan',
      greeting: () => 'Halo,',
      body: 'Seorang administrator Papan mengundang Anda membuat akun. Buka tautan di bawah untuk mendaftar dengan alamat ini. Tautan kedaluwarsa dalam 7 hari.',
      action: 'Buat akun Anda',
      ignore: 'Jika Anda tidak menginginkan akun, abaikan pesan ini.',
    },
  },
};

/** A message of `kind` to `name` carrying `link`, as text and as simple HTML. */
export function composeMail(kind: MailKind, language: Language, name: string, link: string) {
  const t = TEXTS[language][kind];
  const text = [t.greeting(name), '', t.body, '', link, '', t.ignore, '', '— Papan'].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(t.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="word-break:break-all;color:#555">${escapeHtml(link)}</p>
<p style="color:#555">${escapeHtml(t.ignore)}</p>
<p>— Papan</p>
</body></html>`;
  return { subject: t.subject, text, html };
}
