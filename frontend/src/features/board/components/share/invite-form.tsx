import { LIMITS } from '@papan/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../../components/ui/button';
import { fieldClass, labelClass } from '../../../../components/ui/field-styles';
import { inviteMember } from '../../api/invite-member';
import { useBoardStore } from '../../store';

/**
 * 'Invite with Email': Send shows '...' while sending; the result is a toast (docs/product.md,
 * "Share Board panel").
 */
export function InviteForm({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!value || sending) return;
    setSending(true);
    try {
      const { pending } = await inviteMember(boardId, value);
      // Pending: nobody has proven the address yet; the invitation applies once someone does.
      if (pending) toast.info(t('board.share.invitePending', { email: value }));
      else toast.success(t('board.share.invited', { email: value }));
      setEmail('');
      void useBoardStore.getState().refresh();
    } catch (error) {
      console.error('Failed to send the invitation', error);
      toast.error(t('board.share.inviteFailed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-1.5">
      <h3 className={labelClass}>{t('board.share.invite')}</h3>
      <label htmlFor={id} className="sr-only">
        {t('board.share.email')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="email"
          required
          maxLength={LIMITS.email}
          placeholder={t('board.share.emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={`h-10 min-w-0 flex-1 ${fieldClass}`}
        />
        <Button type="submit" disabled={sending} className="w-28 shrink-0">
          {sending ? t('board.share.sending') : t('board.share.send')}
        </Button>
      </div>
    </form>
  );
}
