// Ant Design's DatePicker (and its RangePicker) and TimePicker, the only way into them (ESLint
// refuses antd's elsewhere): the button that clears a date is named in the interface
// language. Ant Design's is a role="button" holding only an icon, named by the icon's English
// name, "close-circle", in Thai too (issue 29).
import { DatePicker as AntDatePicker, TimePicker as AntTimePicker, type DatePickerProps, type TimePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import type { Dayjs } from 'dayjs';
import { forwardRef, type ComponentRef, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseCircleFilled } from '@/components/icons';
import { NS } from '@/components/texts';

type AllowClear = boolean | { clearIcon?: ReactNode } | undefined;

/** A picker's allowClear (on unless turned off) with its clear button named. */
function useAllowClear(allowClear: AllowClear): AllowClear {
  const { t } = useTranslation(NS);
  if (allowClear === false) return false;
  return { clearIcon: <CloseCircleFilled aria-label={t('picker.clear')} />, ...(typeof allowClear === 'object' ? allowClear : {}) };
}

const SinglePicker = forwardRef<ComponentRef<typeof AntDatePicker>, DatePickerProps<Dayjs | Dayjs[]>>((props, ref) => (
  <AntDatePicker ref={ref} {...props} allowClear={useAllowClear(props.allowClear)} />
));
SinglePicker.displayName = 'DatePicker';

const RangePicker = forwardRef<ComponentRef<typeof AntDatePicker.RangePicker>, RangePickerProps>((props, ref) => (
  <AntDatePicker.RangePicker ref={ref} {...props} allowClear={useAllowClear(props.allowClear)} />
));
RangePicker.displayName = 'RangePicker';

/** Typed as Ant Design's picker (its value one date, or several with `multiple`), with its RangePicker. */
export const DatePicker = Object.assign(SinglePicker as unknown as <V = Dayjs>(props: DatePickerProps<V>) => ReactElement, { RangePicker });

export const TimePicker = forwardRef<ComponentRef<typeof AntTimePicker>, TimePickerProps>((props, ref) => (
  <AntTimePicker ref={ref} {...props} allowClear={useAllowClear(props.allowClear)} />
));
TimePicker.displayName = 'TimePicker';
