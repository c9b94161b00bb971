import { Search } from 'lucide-react';
import { Input } from './form-fields';

export interface SearchInputProps {
  /** The field's accessible name ("Search affirmations"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxWidth: number;
}

/** A search landmark holding one search field, the magnifier inside it on the left. */
export function SearchInput({ label, placeholder, value, onChange, maxWidth }: SearchInputProps) {
  return (
    <div role="search" css={{ position: 'relative', maxWidth }}>
      <Search
        size={18}
        aria-hidden
        css={(t) => ({ position: 'absolute', left: 14, top: '50%', transform: 'translateY(-50%)', color: t.colors.textSubtle })}
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        css={{ paddingLeft: 42 }}
      />
    </div>
  );
}
