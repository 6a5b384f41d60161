import { Select } from 'antd';

type Option = { value: number; label: string };

/** Several ids of one kind (wards, meal types, dishes); none chosen: all. */
export function IdsFilter({ label, all, value, options, onChange, testId }: {
  label: string; all: string; value: number[]; options: Option[]; onChange: (ids: number[]) => void; testId: string;
}) {
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      aria-label={label}
      placeholder={all}
      style={{ minWidth: 200, maxWidth: 320 }}
      maxTagCount="responsive"
      value={value}
      onChange={onChange}
      options={options}
      optionFilterProp="label"
      data-testid={testId}
    />
  );
}
