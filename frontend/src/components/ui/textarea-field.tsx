import { useId, type TextareaHTMLAttributes } from 'react';
import { fieldClass, labelClass } from './field-styles';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
}

export function TextareaField({ label, id, className = '', rows = 4, ...props }: TextareaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <textarea id={inputId} rows={rows} className={`resize-y py-2.5 ${fieldClass}`} {...props} />
    </div>
  );
}
