/**
 * For antd's `onValuesChange`: the fields just edited lose their error, so a message (the
 * server's 422, or a check made on blur) never stays beside a value it no longer describes.
 * The field is checked again on blur and on submit.
 */
export function clearErrors<T extends object>(changed: Partial<T>): { name: keyof T & string; errors: string[] }[] {
  return (Object.keys(changed) as (keyof T & string)[]).map((name) => ({ name, errors: [] }));
}
