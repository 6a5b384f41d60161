// Ant Design controls made to sit in a required Form.Item without an ARIA error (issue 29).
// Form.Item gives its control aria-required="true"; rc-select writes every aria-* prop both on
// its outer box, where aria-required is not allowed (a box with no role), and on its combobox
// input, and a Checkbox.Group or Radio.Group puts it on its own box (no role either). axe
// reports each as "aria-allowed-attr" (critical).
import { Checkbox, Radio, Select, type SelectProps } from 'antd';
import type { BaseOptionType, DefaultOptionType, RefSelectProps } from 'antd/es/select';
import { useLayoutEffect, useRef, type ComponentProps } from 'react';

type Required = { 'aria-required'?: boolean | 'true' | 'false' };

/** A Select whose required state is on its combobox input only (what a screen reader reads). */
export function FieldSelect<V = unknown, O extends BaseOptionType | DefaultOptionType = DefaultOptionType>({
  'aria-required': required,
  ...props
}: SelectProps<V, O> & Required) {
  const ref = useRef<RefSelectProps>(null);
  const on = required === true || required === 'true';
  useLayoutEffect(() => {
    const input = ref.current?.nativeElement?.querySelector('input');
    if (!input) return;
    if (on) input.setAttribute('aria-required', 'true');
    else input.removeAttribute('aria-required');
  });
  return <Select<V, O> ref={ref} {...props} />;
}

/** A Checkbox.Group in a required Form.Item: the asterisk and the message say it, not an attribute its box may not carry. */
export function CheckboxGroupField({ 'aria-required': _required, ...props }: ComponentProps<typeof Checkbox.Group> & Required) {
  return <Checkbox.Group {...props} />;
}

/** A Radio.Group in a required Form.Item: likewise. */
export function RadioGroupField({ 'aria-required': _required, ...props }: ComponentProps<typeof Radio.Group> & Required) {
  return <Radio.Group {...props} />;
}
