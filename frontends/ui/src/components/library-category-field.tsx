import { LIBRARY_CATEGORIES } from '@innerecho/contracts';
import { Field } from './form-fields';
import { Select } from './radix-parts';

const CATEGORY_OPTIONS = LIBRARY_CATEGORIES.map((category) => ({ value: category, label: category }));

export interface LibraryCategoryFieldProps {
  id: string;
  value: string;
  onValueChange: (category: string) => void;
}

/** The 'Category' picker of something shown in the library: one of the library's categories. */
export function LibraryCategoryField({ id, value, onValueChange }: LibraryCategoryFieldProps) {
  return (
    <Field htmlFor={id} label="Category">
      <Select id={id} value={value} onValueChange={onValueChange} options={CATEGORY_OPTIONS} />
    </Field>
  );
}
