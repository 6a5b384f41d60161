// The one form-error policy: an ApiError's field messages (every status: a 422's checks, a
// 409's duplicate) go beside their fields; what no field takes is left for the screen to
// show once (an alert in the form or a dialog). What was typed stays.
import type { FormInstance } from 'antd';
import { isApiError } from '@/lib/api-client';

/**
 * For antd's `onValuesChange`: the fields just edited lose their error, so a message (the
 * server's 422, or a check made on blur) never stays beside a value it no longer describes.
 * The field is checked again on blur and on submit.
 */
export function clearErrors<T extends object>(changed: Partial<T>): { name: keyof T & string; errors: string[] }[] {
  return (Object.keys(changed) as (keyof T & string)[]).map((name) => ({ name, errors: [] }));
}

/**
 * Puts a failed call's field messages on the form: each field the server names that is one of
 * `fields` (after `fieldOf`, for a server name the form calls otherwise) gets its message.
 * Answers what is left for the screen to show: the messages of fields the form does not
 * have, or the error's own message when no field took one; nothing when a global modal or
 * notice already told the user.
 */
export function applyFieldErrors(
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  fields: readonly string[],
  fieldOf: (name: string) => string = (name) => name,
): string[] {
  if (!isApiError(error)) return [error instanceof Error ? error.message : String(error)];
  if (error.handled) return [];
  const placed: { name: string; errors: string[] }[] = [];
  const rest: string[] = [];
  for (const [key, msg] of Object.entries(error.fields ?? {})) {
    const name = fieldOf(key);
    if (fields.includes(name)) placed.push({ name, errors: [msg] });
    else rest.push(msg);
  }
  if (placed.length > 0) form.setFields(placed as never);
  if (placed.length === 0 && rest.length === 0) rest.push(error.message);
  return rest;
}
