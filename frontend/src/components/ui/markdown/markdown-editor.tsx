import { useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldClass } from '../field-styles';
import { Markdown } from './markdown';
import { MentionList } from './mention-list';
import type { Person } from './mention-query';
import { useMentionPicker } from './use-mention-picker';

type TextareaProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'ref'>;

interface MarkdownEditorProps extends TextareaProps {
  value: string;
  onChange: (value: string) => void;
  /** Offered after `@` and marked in the preview; none gives no picker. */
  people?: readonly Person[];
  ref?: Ref<HTMLTextAreaElement>;
}

const NOBODY: readonly Person[] = [];
const tabClass = (on: boolean) =>
  `rounded-md px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ${
    on
      ? 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100'
      : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
  }`;

/** A Markdown text box with Write and Preview, and the `@` picker when people are given. */
export function MarkdownEditor({
  value,
  onChange,
  people = NOBODY,
  ref,
  className = '',
  onKeyDown,
  ...rest
}: MarkdownEditorProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState(false);
  const field = useRef<HTMLTextAreaElement | null>(null);
  const picker = useMentionPicker({ value, onChange, people, field });

  function setField(element: HTMLTextAreaElement | null) {
    field.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!picker.onKeyDown(event)) onKeyDown?.(event);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-1">
        <button
          type="button"
          aria-pressed={!preview}
          onClick={() => setPreview(false)}
          className={tabClass(!preview)}
        >
          {t('common.markdown.write')}
        </button>
        <button
          type="button"
          aria-pressed={preview}
          onClick={() => setPreview(true)}
          className={tabClass(preview)}
        >
          {t('common.markdown.preview')}
        </button>
        <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">
          {t('common.markdown.hint')}
        </span>
      </div>
      {preview ? (
        <div className="min-h-16 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
          {value.trim() ? (
            <Markdown source={value} people={people} />
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {t('common.markdown.nothingToPreview')}
            </p>
          )}
        </div>
      ) : (
        <div className="relative">
          <textarea
            {...rest}
            {...(people.length ? picker.fieldProps : {})}
            ref={setField}
            value={value}
            onChange={(event) => {
              onChange(event.target.value);
              picker.refresh();
            }}
            onKeyDown={keyDown}
            onKeyUp={(event) => {
              if (event.key.startsWith('Arrow') && !picker.open) picker.refresh();
            }}
            onClick={() => picker.refresh()}
            onBlur={() => picker.close()}
            className={`w-full resize-y py-2 ${fieldClass} ${className}`}
          />
          <MentionList picker={picker} />
        </div>
      )}
    </div>
  );
}
