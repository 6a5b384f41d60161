import { fireEvent, render, screen } from '@testing-library/react';
import { PagedList, pagedListSpec, sortFrom } from '@/components/paged-table';
import type { Page } from '@/lib/api-client';
import { oneOfParam, readListState, writeListState } from '@/lib/use-list-state';

type Row = { id: number; code: string };

const columns = [{ key: 'code', dataIndex: 'code', title: 'Code', sorter: true }];
const state = (over: Partial<{ q: string; page: number; size: number }> = {}) => ({ q: '', page: 1, size: 10, sort: {}, ...over });
const pageOf = (items: Row[], total: number, page = 1): Page<Row> => ({ items, total, page, size: 10 });

function list(props: Partial<Parameters<typeof PagedList<Row>>[0]> & { onChange: (c: unknown) => void }) {
  return render(
    <PagedList<Row>
      state={state()}
      search={{ placeholder: 'Search', testId: 'search' }}
      columns={columns}
      list={{ data: pageOf([{ id: 1, code: 'A' }, { id: 2, code: 'B' }], 2), isFetching: false }}
      testId="table"
      {...props}
    />,
  );
}

describe('the paged list', () => {
  it('keeps the search, the screen’s filters, page, size and sort in the address, in that order', () => {
    const spec = pagedListSpec(['code'], { status: oneOfParam(['ALL', 'ACTIVE'] as const, 'ALL') });
    expect(Object.keys(spec)).toEqual(['q', 'status', 'page', 'size', 'sort']);
    const next = writeListState(spec, new URLSearchParams('tab=X&page=3'), { status: 'ACTIVE' });
    expect(next.toString()).toBe('tab=X&status=ACTIVE'); // a filter starts again at page 1
    expect(readListState(spec, new URLSearchParams('size=7&sort=-code')).size).toBe(20);
    expect(sortFrom({ columnKey: 'code', order: 'ascend' })).toEqual({ field: 'code', desc: false });
  });

  it('searches on Enter with the trimmed text, and shows the count of the page', () => {
    const onChange = vi.fn();
    list({ onChange });
    expect(screen.getByText('1–2 จาก 2 รายการ')).toBeTruthy();
    const box = screen.getByTestId('search');
    fireEvent.change(box, { target: { value: '  DT01 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenLastCalledWith({ q: 'DT01' });
  });

  it('steps back from a later page left empty, but not before the first answer', () => {
    const onChange = vi.fn();
    const { rerender } = list({ onChange, state: state({ page: 3 }), list: { data: undefined, isFetching: false } });
    expect(onChange).not.toHaveBeenCalled();
    rerender(
      <PagedList<Row>
        state={state({ page: 3 })}
        onChange={onChange}
        search={{ placeholder: 'Search', testId: 'search' }}
        columns={columns}
        list={{ data: pageOf([], 15, 3), isFetching: false }}
      />,
    );
    expect(onChange).toHaveBeenCalledWith({ page: 2 });
  });

  it('shows the selection bar with the count and the bulk action while rows are ticked; clear unticks them all', () => {
    const onSelect = vi.fn();
    list({ onChange: vi.fn(), selection: { selected: [{ id: 1, code: 'A' }, { id: 2, code: 'B' }], onSelect, rowLabel: (r) => r.code }, bulkActions: <button>Delete selected</button> });
    const bar = screen.getByTestId('selection-bar');
    expect(bar.textContent).toContain('เลือก 2 รายการ');
    expect(bar.textContent).toContain('Delete selected');
    fireEvent.click(screen.getByText('ล้าง'));
    expect(onSelect).toHaveBeenCalledWith([]);
  });

  it('has no selection bar when nothing is ticked', () => {
    list({ onChange: vi.fn(), selection: { selected: [], onSelect: vi.fn(), rowLabel: (r) => r.code } });
    expect(screen.queryByTestId('selection-bar')).toBeNull();
  });

  it('names each row\'s box by its row, and the search box\'s buttons in the interface language (issue 29)', () => {
    list({ onChange: vi.fn(), selection: { selected: [], onSelect: vi.fn(), rowLabel: (r) => `row ${r.code}` } });
    expect(screen.getByRole('checkbox', { name: 'เลือก row A' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'เลือก row B' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ค้นหา' })).toBeTruthy();
  });
});
