import { Input } from 'antd';
import { CODE_LENGTH } from '@/lib/one-time-code';

type Props = {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  autoFocus?: boolean;
  describedBy?: string;
  disabled?: boolean;
};

/**
 * The six-digit code field (authenticator or e-mail): one labelled input, digits only,
 * `autocomplete="one-time-code"` so a phone can offer the code it received.
 */
export function CodeInput({ id, value, onChange, invalid, autoFocus, describedBy, disabled }: Props) {
  return (
    <Input
      id={id}
      name="code"
      size="large"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      placeholder="••••••"
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      autoFocus={autoFocus}
      disabled={disabled}
      style={{ fontSize: 24, letterSpacing: '0.5em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
      data-testid="code-input"
    />
  );
}
