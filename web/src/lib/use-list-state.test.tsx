import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import {
  oneOfParam,
  pageParam,
  readListState,
  sizeParam,
  sortParam,
  textParam,
  useListState,
  writeListState,
  type ListValues,
} from '@/lib/use-list-state';

const SPEC = {
  q: textParam(),
  status: oneOfParam(['ALL', 'ACTIVE', 'INACTIVE'] as const, 'ALL'),
  page: pageParam(),
  size: sizeParam([10, 20, 50, 100], 20),
  sort: sortParam(['code', 'nameTh']),
};

const read = (query: string) => readListState(SPEC, new URLSearchParams(query));
const write = (query: string, change: Partial<ListValues<typeof SPEC>>) =>
  writeListState(SPEC, new URLSearchParams(query), change).toString();

describe('list state in the address: reading', () => {
  it('gives the defaults for an empty address', () => {
    expect(read('')).toEqual({ q: '', status: 'ALL', page: 1, size: 20, sort: {} });
  });

  it('reads valid values', () => {
    expect(read('q=%E0%B8%AD%E0%B9%88%E0%B8%AD%E0%B8%99&status=INACTIVE&page=3&size=50&sort=-code')).toEqual({
      q: 'อ่อน',
      status: 'INACTIVE',
      page: 3,
      size: 50,
      sort: { field: 'code', desc: true },
    });
    expect(read('sort=nameTh').sort).toEqual({ field: 'nameTh', desc: false });
  });

  it.each([
    ['page=abc', 'page', 1],
    ['page=0', 'page', 1],
    ['page=-2', 'page', 1],
    ['page=2.5', 'page', 1],
    ['page=1e3', 'page', 1],
    ['page=99999999', 'page', 1],
    ['size=7', 'size', 20],
    ['size=20abc', 'size', 20],
    ['size=', 'size', 20],
    ['status=DELETED', 'status', 'ALL'],
    ['status=active', 'status', 'ALL'],
    ['sort=password', 'sort', {}],
    ['sort=-', 'sort', {}],
    ['sort=--code', 'sort', {}],
  ])('falls back to the default for %s', (query, key, expected) => {
    expect(read(query)[key as keyof ListValues<typeof SPEC>]).toEqual(expected);
  });

  it('trims the search text', () => {
    expect(read('q=%20%20DT01%20').q).toBe('DT01');
  });
});

describe('list state in the address: writing', () => {
  it('leaves defaults out of the address', () => {
    expect(write('', { status: 'ALL', size: 20, sort: {}, q: '  ' })).toBe('');
    expect(write('status=ACTIVE&size=50&sort=code&q=x', { status: 'ALL', size: 20, sort: {}, q: '' })).toBe('');
    expect(write('', { page: 1 })).toBe('');
  });

  it('keeps parameters the list does not own (the screen tab)', () => {
    expect(write('tab=Restricted&other=1', { q: 'nuts' })).toBe('tab=Restricted&other=1&q=nuts');
    expect(write('tab=Restricted&q=nuts&page=3', { q: '' })).toBe('tab=Restricted');
  });

  it('goes back to page 1 on any change that does not name the page', () => {
    expect(write('page=4&size=10', { q: 'a' })).toBe('q=a&size=10');
    expect(write('page=4', { status: 'ACTIVE' })).toBe('status=ACTIVE');
    expect(write('page=4', { size: 50 })).toBe('size=50');
    expect(write('page=4', { sort: { field: 'code', desc: true } })).toBe('sort=-code');
    expect(write('page=4&q=a', { page: 2 })).toBe('q=a&page=2');
  });

  it('drops invalid values already in the address when writing', () => {
    expect(write('page=abc&size=7&sort=secret&status=X&tab=Ward', { q: 'a' })).toBe('tab=Ward&q=a');
  });
});

describe('useListState', () => {
  function mount(at: string) {
    const seen: { values?: ListValues<typeof SPEC>; set?: (c: Partial<ListValues<typeof SPEC>>) => void } = {};
    function Probe() {
      const [values, set] = useListState(SPEC);
      seen.values = values;
      seen.set = set;
      return null;
    }
    const router = createMemoryRouter([{ path: '/list', element: <Probe /> }, { path: '/other', element: null }], {
      initialEntries: ['/other', at],
      initialIndex: 1,
    });
    render(<RouterProvider router={router} />);
    return { router, seen };
  }

  it('reads the address and writes one replaced entry per change, keeping the tab', async () => {
    const { router, seen } = mount('/list?tab=Allergies&page=2&size=7');
    expect(seen.values).toEqual({ q: '', status: 'ALL', page: 2, size: 20, sort: {} });

    await act(async () => seen.set!({ sort: { field: 'code', desc: false } }));
    expect(router.state.location.search).toBe('?tab=Allergies&sort=code');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(seen.values).toEqual({ q: '', status: 'ALL', page: 1, size: 20, sort: { field: 'code', desc: false } });

    await act(async () => seen.set!({ page: 3 }));
    expect(router.state.location.search).toBe('?tab=Allergies&page=3&sort=code');
    expect(seen.values?.page).toBe(3);

    // still one entry after the list: Back leaves the list
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('two changes before the screen re-renders both stay (a filter, then Enter in the search box)', async () => {
    const { router, seen } = mount('/list?tab=Allergies');
    const set = seen.set!;
    await act(async () => {
      set({ status: 'INACTIVE' });
      set({ q: 'AL02' }); // the same setter, before any re-render
    });
    expect(router.state.location.search).toBe('?tab=Allergies&q=AL02&status=INACTIVE');
    expect(seen.values).toMatchObject({ q: 'AL02', status: 'INACTIVE' });
  });

  it('after Back, a change starts from the address Back restored', async () => {
    const { router, seen } = mount('/list?q=a');
    await act(async () => router.navigate('/list?q=b&status=INACTIVE'));
    await act(async () => router.navigate(-1));
    await act(async () => seen.set!({ page: 2 }));
    expect(router.state.location.search).toBe('?q=a&page=2');
  });

  it('keeps the same values object while the address does not change', async () => {
    const { seen, router } = mount('/list?q=a');
    const first = seen.values;
    await act(async () => router.navigate('/list?q=a', { replace: true }));
    expect(seen.values).toBe(first);
  });
});
