import type { TFunction } from 'i18next';
import type { RapDraft } from '../store/rap-draft.ts';
import type { RapFormErrors } from './rap-form.ts';

export interface RapFieldsProps {
  draft: RapDraft;
  errors: RapFormErrors;
  onChange(patch: Partial<RapDraft>): void;
}

/** TextField props for a draft field: value, change, error state and the error's text. */
export function textFieldProps(
  name: keyof RapDraft,
  { draft, errors, onChange }: RapFieldsProps,
  t: TFunction,
) {
  const error = errors[name];
  return {
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => onChange({ [name]: event.target.value }),
    error: Boolean(error),
    helperText: error ? (error.text ?? t(error.key, { max: error.max })) : undefined,
    fullWidth: true,
  };
}
