import { Search } from 'lucide-react';
import { fieldClass } from '../../../components/ui/field-styles';

interface SearchBoxProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search field above an admin table; its label doubles as the placeholder. */
export function SearchBox({ label, value, onChange }: SearchBoxProps) {
  return (
    <div className="relative w-full sm:max-w-sm">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`h-10 w-full pl-9 ${fieldClass}`}
      />
    </div>
  );
}
