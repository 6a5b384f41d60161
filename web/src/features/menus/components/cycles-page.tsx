import { Button, Space, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChartOutlined, TableOutlined } from '@/components/icons';
import { pagedListSpec } from '@/components/paged-table';
import { ScreenFrame } from '@/components/screen-frame';
import { formatDate } from '@/lib/dates';
import { oneOfParam, useListState } from '@/lib/use-list-state';
import { useDeleteCycle } from '@/features/menus/api/delete-cycle';
import { useSearchCycles } from '@/features/menus/api/search-cycles';
import { useUpdateCycle } from '@/features/menus/api/update-cycle';
import { CycleAnalysisDrawer } from '@/features/menus/components/cycle-analysis-drawer';
import { CycleFormDrawer, cycleInput } from '@/features/menus/components/cycle-form-drawer';
import { CycleGrid } from '@/features/menus/components/cycle-grid';
import { MenuList, listParams, sortedColumn } from '@/features/menus/components/menu-list';
import { useBranch } from '@/features/menus/components/parts';
import { NS } from '@/features/menus/i18n';
import { localName, type Cycle } from '@/features/menus/types';

const SORTABLE = ['startDate', 'endDate', 'code', 'nameTh', 'nameEn', 'roundType', 'dayCount', 'status', 'updatedAt'] as const;

/** `?q=&status=&page=&size=&sort=` */
const SPEC = pagedListSpec(SORTABLE, { status: oneOfParam(['ALL', 'ACTIVE', 'INACTIVE'] as const, 'ALL') });

/**
 * Rotating menu rounds (`/auth/cycle-menu`, Nutritionist): the rounds, and a round as a grid
 * of days × meal types where each cell holds dishes and sets.
 */
export default function CyclesPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language;
  const { branchCode } = useBranch();
  const [state, setState] = useListState(SPEC);
  const [grid, setGrid] = useState<Cycle | null>(null);
  const [analysed, setAnalysed] = useState<Cycle | null>(null);
  const list = useSearchCycles({
    ...listParams(state),
  });
  const update = useUpdateCycle();
  const del = useDeleteCycle();

  if (grid) {
    return (
      <ScreenFrame title={t('grid.title', { name: localName(grid, lang) })} subtitle={t('grid.hint')} testId="cycle-grid-screen">
        <CycleGrid cycle={grid} branchCode={branchCode} onBack={() => setGrid(null)} />
      </ScreenFrame>
    );
  }

  const sorted = sortedColumn<(typeof SORTABLE)[number]>(state.sort, t);
  const columns: TableColumnsType<Cycle> = [
    { ...sorted('roundType'), render: (_, r) => t(`cycle.${r.roundType}`) },
    { ...sorted('dayCount'), dataIndex: 'dayCount', width: 110 },
    { ...sorted('startDate'), render: (_, r) => formatDate(r.startDate, lang) },
    { ...sorted('endDate'), render: (_, r) => (r.endDate ? formatDate(r.endDate, lang) : t('cycle.openEnded')) },
    { key: 'items', title: t('fields.items'), dataIndex: 'items', width: 100 },
  ];

  return (
    <>
      <MenuList<Cycle>
        title={t('screens.cycle')}
        subtitle={t('screens.cycleHint')}
        testId="cycles"
        state={state}
        onChange={setState}
        search={t('cycle.search')}
        dataType="CycleMenu"
        list={list}
        codeWidth={120}
        columns={columns}
        onStatus={(r, status) => update.mutateAsync({ branchCode, cycle: { ...cycleInput(r), status } })}
        del={del}
        deleteDescription={t('deleteConfirm.cycle')}
        rowActions={(r) => (
          <Space size={0}>
            <Tooltip title={t('grid.open')}>
              <Button type="text" icon={<TableOutlined />} aria-label={t('grid.open')} onClick={() => setGrid(r)} data-testid="row-grid" />
            </Tooltip>
            <Tooltip title={t('analysis.open')}>
              <Button type="text" icon={<LineChartOutlined />} aria-label={t('analysis.open')} onClick={() => setAnalysed(r)} data-testid="row-analysis" />
            </Tooltip>
          </Space>
        )}
        actionsWidth={170}
        drawer={(editing, onClose) => <CycleFormDrawer branchCode={branchCode} editing={editing} onClose={onClose} />}
      />
      <CycleAnalysisDrawer cycle={analysed} branchCode={branchCode} onClose={() => setAnalysed(null)} />
    </>
  );
}
