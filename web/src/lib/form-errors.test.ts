import { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/app/query-client';
import { ApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { subscribeGlobal, type GlobalEvent } from '@/lib/global-events';
import { SCREEN_ANSWERS_ERRORS } from '@/lib/screen-errors';

function fakeForm() {
  const set: { name: string; errors: string[] }[][] = [];
  return { set, form: { setFields: (f: unknown) => void set.push(f as { name: string; errors: string[] }[]) } };
}

const conflict = (fields?: Record<string, string>) =>
  new ApiError(409, { code: 'DUPLICATE_CODE', msg: 'รหัสซ้ำ', data: fields ? { fields } : null }, false);

describe('applyFieldErrors', () => {
  it('puts each message the form has a field for beside it, once, and leaves nothing else', () => {
    const { set, form } = fakeForm();
    const rest = applyFieldErrors(form, conflict({ code: 'รหัส DT01 มีอยู่แล้ว' }), ['code', 'nameTh']);
    expect(set).toEqual([[{ name: 'code', errors: ['รหัส DT01 มีอยู่แล้ว'] }]]);
    expect(rest).toEqual([]);
  });

  it('answers the messages of fields the form does not have, and the error itself when no field took one', () => {
    const { set, form } = fakeForm();
    expect(applyFieldErrors(form, conflict({ code: 'dup', branch: 'no such branch' }), ['code'])).toEqual(['no such branch']);
    expect(set).toEqual([[{ name: 'code', errors: ['dup'] }]]);
    expect(applyFieldErrors(form, conflict(), ['code'])).toEqual(['รหัสซ้ำ']);
    expect(applyFieldErrors(form, new Error('boom'), ['code'])).toEqual(['boom']);
    expect(set).toHaveLength(1);
  });

  it('renames server fields to the form’s, and says nothing when a global notice already spoke', () => {
    const { set, form } = fakeForm();
    const e = new ApiError(422, { code: 'VALIDATION', msg: 'x', data: { fields: { name: 'contains your name' } } }, false);
    expect(applyFieldErrors(form, e, ['password'], () => 'password')).toEqual([]);
    expect(set).toEqual([[{ name: 'password', errors: ['contains your name'] }]]);
    expect(applyFieldErrors(form, new ApiError(500, null, true), ['password'])).toEqual([]);
  });
});

describe('the query client’s error toast', () => {
  let events: GlobalEvent[];
  let off: () => void;
  let qc: QueryClient;
  beforeEach(() => {
    events = [];
    off = subscribeGlobal((e) => events.push(e));
    qc = createQueryClient();
  });
  afterEach(() => off());

  const fail = (e: Error, meta?: typeof SCREEN_ANSWERS_ERRORS) =>
    qc.getMutationCache().build(qc, { mutationFn: () => Promise.reject(e), meta }).execute(undefined).catch(() => undefined);

  it('toasts a failure nobody answered, but not one the screen answers, one with field errors, or one a modal told', async () => {
    await fail(new ApiError(403, { code: 'FORBIDDEN', msg: 'not your branch', data: null }, false));
    expect(events).toEqual([{ kind: 'toast', type: 'error', msg: 'not your branch' }]);
    await fail(new ApiError(403, { code: 'FORBIDDEN', msg: 'again', data: null }, false), SCREEN_ANSWERS_ERRORS);
    await fail(conflict({ code: 'dup' }));
    await fail(new ApiError(500, null, true));
    expect(events).toHaveLength(1);
  });
});
